import { replaceUnlockedReferences } from '../repository.js';
import type { ApplicationStep } from './step.js';

/**
 * The references step (applicant-flow §2.7): the referees replace those of the application
 * whose request has not been sent yet.
 */
export const referencesStep: ApplicationStep = {
  type: 'references',
  async write(tx, { organisation, applicationId, submission }) {
    if (submission.references) {
      await replaceUnlockedReferences(tx, organisation.id, applicationId, submission.references);
    }
  },
};
