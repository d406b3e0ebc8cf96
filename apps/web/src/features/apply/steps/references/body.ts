import type { StepBody } from '../step-props';

/** The references step's answers: none yet. */
export type ReferencesValues = Record<never, never>;

/** The step's answers when nothing is given. */
export function referencesDefaults(): ReferencesValues {
  return {};
}

/** The top-level fields (and error paths) the step owns. */
export const referencesFields = ['references'] as const;

/** The step asks nothing yet, so it adds nothing to the body. */
export const referencesBody: StepBody = () => ({});
