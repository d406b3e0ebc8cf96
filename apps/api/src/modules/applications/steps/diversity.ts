import { replaceV2DiversityAnswers, upsertFixedDiversityAnswers } from '../repository.js';
import type { ApplicationStep } from './step.js';

/** The diversity step (applicant-flow §2.9): the answers go on the profile. */
export const diversityStep: ApplicationStep = {
  type: 'diversity',
  async write(tx, { organisation, userId, submission }) {
    if (submission.diversity?.fixed) {
      await upsertFixedDiversityAnswers(tx, { organisationId: organisation.id, userId, ...submission.diversity.fixed });
    }
    if (submission.diversity?.v2 && submission.diversity.v2.length > 0) {
      await replaceV2DiversityAnswers(tx, organisation.id, userId, submission.diversity.v2);
    }
  },
};
