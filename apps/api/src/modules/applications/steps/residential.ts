import { replaceTimeslots } from '../repository.js';
import type { ApplicationStep } from './step.js';

/** The residential step (applicant-flow §2.8): the chosen time slots of the application. */
export const residentialStep: ApplicationStep = {
  type: 'residential',
  async write(tx, { organisation, applicant, applicationId, submission }) {
    // Completing by key without choosing keeps the slots chosen when the application was created.
    if (applicant.kind !== 'key' || submission.timeslotIds.length > 0) {
      await replaceTimeslots(tx, organisation.id, applicationId, submission.timeslotIds);
    }
  },
};
