import { replaceV2DiversityAnswers, upsertFixedDiversityAnswers } from '../repository.js';
import { ready } from '../../../db/write-batch.js';
import type { ApplicationStep } from './step.js';

/** The diversity step (applicant-flow §2.9): the answers go on the profile. */
export const diversityStep: ApplicationStep = {
  type: 'diversity',
  async write(batch, { organisation, userId, submission }) {
    if (submission.diversity?.fixed) {
      await upsertFixedDiversityAnswers(await ready(batch), { organisationId: organisation.id, userId, ...submission.diversity.fixed });
    }
    if (submission.diversity?.v2 && submission.diversity.v2.length > 0) {
      await replaceV2DiversityAnswers(await ready(batch), organisation.id, userId, submission.diversity.v2);
    }
  },
};
