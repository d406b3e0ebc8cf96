import type { ApplicationStep } from './step.js';

/** The motivation step (applicant-flow §2.3): its answers are columns of the application. */
export const motivationStep: ApplicationStep = {
  type: 'motivation',
  applicationValues({ submission }) {
    const motivation = submission.motivation;
    if (!motivation) {
      return {};
    }
    return {
      // Completing by key without a new answer keeps the one given when the application was created.
      ...(motivation.why !== null ? { why: motivation.why } : {}),
      motivationId: motivation.motivationId,
      specialRequirementsBool: motivation.specialRequirementsBool,
      specialRequirements: motivation.specialRequirements,
      rightToVolunteer: motivation.rightToVolunteer,
    };
  },
};
