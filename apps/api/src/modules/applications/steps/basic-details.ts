import { ensureGuardian } from '../repository.js';
import { ready } from '../../../db/write-batch.js';
import type { ApplicationStep } from './step.js';

/**
 * The basic-details step (applicant-flow §2.2): the parent or guardian of a minor, on the
 * application and on the profile. The applicant themself is created by the submit flow.
 */
export const basicDetailsStep: ApplicationStep = {
  type: 'basic-details',
  applicationValues({ submission }) {
    return {
      parentsFirstName: submission.guardian?.firstName ?? null,
      parentsLastName: submission.guardian?.lastName ?? null,
      parentsEmail: submission.guardian?.email ?? null,
    };
  },
  async write(batch, { organisation, userId, submission }) {
    if (submission.guardian) {
      await ensureGuardian(await ready(batch), { organisationId: organisation.id, userId, ...submission.guardian });
    }
  },
};
