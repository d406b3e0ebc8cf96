/*
 * Which diversity questions show (applicant-flow §3.3, §3.5): the form lays out its step with these
 * before it validates anything, so they live apart from the step's reader (diversity.ts), which
 * needs zod.
 */

/** The registered-disabled "Yes" (applicant-flow §3.3): it reveals the disability type. */
export const REGISTERED_DISABLED_YES = 37;

/** What a dependency rule needs of a v2 question. */
export type DependentQuestion = {
  id: number;
  depends_on: ReadonlyArray<{ question_id: number; option_id: number }>;
};

/**
 * Whether a v2 question is shown (applicant-flow §3.5): it has no dependency, or one of the
 * options it depends on is chosen in a shown parent. `chosen` holds the options chosen in the
 * questions shown so far (parents come before their children in the server's order).
 */
export function isDiversityQuestionShown(
  question: DependentQuestion,
  chosen: ReadonlyMap<number, readonly number[]>,
): boolean {
  return (
    question.depends_on.length === 0 ||
    question.depends_on.some((dependency) =>
      chosen.get(dependency.question_id)?.includes(dependency.option_id),
    )
  );
}

/**
 * The v2 questions shown for the given answers, in order (applicant-flow §3.5): a child only
 * while its parent is shown and answered with one of the options it depends on, so hiding a
 * parent hides its children too.
 */
export function shownDiversityQuestions<Question extends DependentQuestion>(
  questions: readonly Question[],
  chosenOf: (questionId: number) => readonly number[],
): Question[] {
  const chosen = new Map<number, readonly number[]>();
  const shown: Question[] = [];
  for (const question of questions) {
    if (isDiversityQuestionShown(question, chosen)) {
      shown.push(question);
      chosen.set(question.id, chosenOf(question.id));
    }
  }
  return shown;
}
