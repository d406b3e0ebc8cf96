import type { StepBody } from '../step-props';

/** Answers of the question and attribute blocks, keyed by slug (applicant-flow §2.5, §3.8). */
export type AboutYouValues = {
  questions: Record<string, unknown>;
  attributes: Record<string, unknown>;
};

/** The blocks' answers when nothing is given. */
export function aboutYouDefaults(): AboutYouValues {
  return { questions: {}, attributes: {} };
}

/** The top-level fields the step owns: none, questions and attributes go to the step listing their slug. */
export const aboutYouFields = [] as const;

/**
 * Nothing besides the question and attribute blocks, which every step may carry and which the
 * request body collects for each step (see `buildApplicationBody`).
 */
export const aboutYouBody: StepBody = () => ({});
