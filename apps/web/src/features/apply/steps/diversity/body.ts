import type { StepBody } from '../step-props';

/** The diversity step's answers: none yet. */
export type DiversityValues = Record<never, never>;

/** The step's answers when nothing is given. */
export function diversityDefaults(): DiversityValues {
  return {};
}

/** The top-level fields (and error paths) the step owns. */
export const diversityFields = ['diversity'] as const;

/** The step asks nothing yet, so it adds nothing to the body. */
export const diversityBody: StepBody = () => ({});
