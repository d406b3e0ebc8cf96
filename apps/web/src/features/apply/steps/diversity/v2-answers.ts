import { shownDiversityQuestions, type FormSection } from '@muster/contract';
import type { DiversityAnswer } from '../../../../components/ui/diversity-question/diversity-answer';
import { chosenOptionIds, type DiversityAnswers } from './body';

export type V2Question = Extract<NonNullable<FormSection['diversity']>, { mode: 'v2' }>['questions'][number];
type V2Answers = DiversityAnswers['diversity_v2_questions'];

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** The questions that depend on `questionId`, directly or through another dependent question. */
export function dependentQuestionIds(questions: readonly V2Question[], questionId: number): Set<number> {
  const found = new Set<number>();
  let parents = new Set([questionId]);
  while (parents.size > 0) {
    const children = questions.filter(
      (question) =>
        !found.has(question.id) &&
        question.depends_on.some((dependency) => parents.has(dependency.question_id)),
    );
    children.forEach((child) => found.add(child.id));
    parents = new Set(children.map((child) => child.id));
  }
  return found;
}

/**
 * The v2 answers after one question's answer changed (applicant-flow §3.5): changing the chosen
 * options drops the answers of the questions that depend on it, and no hidden question keeps an
 * answer. Answers only the changed keys: a removed answer is null.
 */
export function changeV2Answer(
  questions: readonly V2Question[],
  answers: V2Answers,
  questionId: number,
  answer: DiversityAnswer,
): Record<string, DiversityAnswer | null> {
  const next: V2Answers = { ...answers, [questionId]: answer };
  if (!sameIds(chosenOptionIds(answers[questionId]), chosenOptionIds(answer))) {
    for (const id of dependentQuestionIds(questions, questionId)) {
      next[id] = null;
    }
  }
  const shown = new Set(
    shownDiversityQuestions(questions, (id) => chosenOptionIds(next[id])).map((question) => question.id),
  );
  for (const question of questions) {
    if (!shown.has(question.id)) {
      next[question.id] = null;
    }
  }
  const changes: Record<string, DiversityAnswer | null> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value !== (answers[key] ?? null)) {
      changes[key] = value ?? null;
    }
  }
  return changes;
}
