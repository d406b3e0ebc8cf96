import type { FormSection } from '../../opportunity.js';
import { isDiversityQuestionShown, REGISTERED_DISABLED_YES } from './diversity-questions.js';
import {
  isBlank,
  NAME_MAX,
  readId,
  readList,
  readObject,
  readText,
  type Issues,
  type Path,
  type StepReadContext,
} from '../read.js';

export {
  isDiversityQuestionShown,
  REGISTERED_DISABLED_YES,
  shownDiversityQuestions,
} from './diversity-questions.js';

/* The diversity step (applicant-flow §2.9, §3.2–§3.5): the fixed questions or the v2 questions. */

export type FixedDiversityAnswers = {
  genderId: number | null;
  genderAssignedId: number | null;
  nationalityId: number | null;
  nationalityOther: string | null;
  ethnicityId: number | null;
  ethnicityOther: string | null;
  sexualityId: number | null;
  sexualityOther: string | null;
  registeredDisabledId: number | null;
  disabledSelectId: number | null;
  disabledSelectOther: string | null;
  religionId: number | null;
  religionOther: string | null;
};

export type V2DiversityAnswer = { questionId: number; optionIds: number[]; otherText: string | null };

export type DiversityPart = {
  /** Null when the form has no diversity step or the applicant has answered before. */
  diversity: { fixed: FixedDiversityAnswers | null; v2: V2DiversityAnswer[] | null } | null;
};

/** The body fields this step owns, with their descriptions. */
export const diversityFields = {
  diversity:
    'Diversity answers: the fixed `*_id` fields or `diversity_v2_questions[{questionId}][option|options|other_text]`.',
} as const;

/** An Other option was chosen and its "Please Specify..." box left empty (applicant-flow §5). */
export const DIVERSITY_OTHER_TEXT_REQUIRED = 'Other text must be non-empty';

/**
 * A compulsory v2 step sent with no answer at all; the page marks the whole group as in error on
 * a message containing `questions field is required.` (applicant-flow §8).
 */
export const DIVERSITY_QUESTIONS_REQUIRED = 'The diversity questions field is required.';

/**
 * Reads the diversity answers of the first diversity step, in its mode; skipped (null) when the
 * applicant has answered them before.
 */
export function readDiversity({ issues, raw, sections, options }: StepReadContext): DiversityPart {
  const section = sections.find((candidate) => candidate.type === 'diversity' && candidate.diversity);
  if (!section?.diversity || options.diversityAnswered) {
    return { diversity: null };
  }
  const answers = readObject(raw.diversity) ?? {};
  return {
    diversity:
      section.diversity.mode === 'v2'
        ? {
            fixed: null,
            v2: readV2Diversity(
              issues,
              answers.diversity_v2_questions,
              section.diversity.questions,
              section.diversity_compulsory,
            ),
          }
        : {
            fixed: readFixedDiversity(issues, answers, section.diversity.options, section.diversity_compulsory),
            v2: null,
          },
  };
}

const FIXED_DIVERSITY: Array<{
  key: keyof FixedDiversityAnswers;
  field: string;
  other?: keyof FixedDiversityAnswers;
}> = [
  { key: 'genderId', field: 'gender' },
  { key: 'genderAssignedId', field: 'gender_assigned' },
  { key: 'nationalityId', field: 'nationality', other: 'nationalityOther' },
  { key: 'ethnicityId', field: 'ethnicity', other: 'ethnicityOther' },
  { key: 'sexualityId', field: 'sexuality', other: 'sexualityOther' },
  { key: 'registeredDisabledId', field: 'registered_disabled' },
  { key: 'disabledSelectId', field: 'disabled_select', other: 'disabledSelectOther' },
  { key: 'religionId', field: 'religion', other: 'religionOther' },
];

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function readFixedDiversity(
  issues: Issues,
  raw: Record<string, unknown>,
  options: Record<string, Array<{ id: number; is_other: boolean }>>,
  compulsory: boolean,
): FixedDiversityAnswers {
  const answers: FixedDiversityAnswers = {
    genderId: null,
    genderAssignedId: null,
    nationalityId: null,
    nationalityOther: null,
    ethnicityId: null,
    ethnicityOther: null,
    sexualityId: null,
    sexualityOther: null,
    registeredDisabledId: null,
    disabledSelectId: null,
    disabledSelectOther: null,
    religionId: null,
    religionOther: null,
  };
  const set = (key: keyof FixedDiversityAnswers, value: number | string | null) => {
    (answers as Record<string, number | string | null>)[key] = value;
  };
  for (const { key, field, other } of FIXED_DIVERSITY) {
    const name = snake(key);
    const path: Path = ['diversity', name];
    // The disability type is asked only after "Yes"; any other answer clears it (applicant-flow §4).
    if (field === 'disabled_select' && answers.registeredDisabledId !== REGISTERED_DISABLED_YES) {
      continue;
    }
    const id = readId(raw[name]);
    const option =
      typeof id === 'number' ? options[field]?.find((candidate) => candidate.id === id) : undefined;
    if (id === 'invalid' || (id !== null && !option)) {
      issues.add(path, 'Please select a valid option');
      continue;
    }
    if (id === null) {
      if (compulsory) {
        issues.add(path, 'Please select an option');
      }
      continue;
    }
    set(key, id);
    if (other && option?.is_other) {
      set(other, readOtherText(issues, ['diversity', snake(other)], raw[snake(other)]));
    }
  }
  return answers;
}

type V2Question = Extract<NonNullable<FormSection['diversity']>, { mode: 'v2' }>['questions'][number];

function readV2Diversity(
  issues: Issues,
  raw: unknown,
  questions: readonly V2Question[],
  compulsory: boolean,
): V2DiversityAnswer[] {
  const root: Path = ['diversity', 'diversity_v2_questions'];
  // Keyed by question id (`diversity_v2_questions[3][option]`), or a list of `{id|question_id, …}`.
  const byQuestion = new Map<number, Record<string, unknown>>();
  const object = readObject(raw);
  if (Array.isArray(raw)) {
    for (const entry of raw) {
      const answer = readObject(entry);
      const id = answer ? readId(answer.question_id ?? answer.id) : null;
      if (answer && typeof id === 'number') {
        byQuestion.set(id, answer);
      }
    }
  } else if (object) {
    for (const [key, value] of Object.entries(object)) {
      const answer = readObject(value);
      const id = readId(key);
      if (answer && typeof id === 'number') {
        byQuestion.set(id, answer);
      }
    }
  }
  if (compulsory && byQuestion.size === 0 && questions.some((question) => question.compulsory)) {
    issues.add(root, DIVERSITY_QUESTIONS_REQUIRED);
  }
  const chosen = new Map<number, number[]>();
  const answers: V2DiversityAnswer[] = [];
  // Answers to questions their parent's answer does not show are dropped (applicant-flow §3.5).
  for (const question of questions) {
    if (!isDiversityQuestionShown(question, chosen)) {
      continue;
    }
    const path: Path = [...root, question.id];
    const answer = byQuestion.get(question.id) ?? {};
    const rawIds = question.is_multiple_select
      ? readList(issues, path, answer.options ?? answer.option)
      : isBlank(answer.option)
        ? readList(issues, path, answer.options).slice(0, 2)
        : [answer.option];
    const ids: number[] = [];
    let invalid = false;
    for (const value of rawIds) {
      const id = readId(readObject(value)?.id ?? value);
      if (id === null) {
        continue;
      }
      if (id === 'invalid' || !question.options.some((option) => option.id === id)) {
        invalid = true;
      } else if (!ids.includes(id)) {
        ids.push(id);
      }
    }
    if (invalid) {
      issues.add(path, 'Please select a valid option');
      continue;
    }
    if (!question.is_multiple_select && ids.length > 1) {
      issues.add(path, 'Please select only one option');
      continue;
    }
    if (ids.length === 0) {
      if (compulsory && question.compulsory) {
        issues.add(path, 'Please select an option');
      }
      continue;
    }
    chosen.set(question.id, ids);
    const otherChosen = question.options.some((option) => option.is_other && ids.includes(option.id));
    // Text without an Other choice is not kept (changing away from Other clears it, §4).
    const otherText = otherChosen ? readOtherText(issues, [...path, 'other_text'], answer.other_text) : null;
    answers.push({ questionId: question.id, optionIds: ids, otherText });
  }
  return answers;
}

/** The text of a chosen Other option: required, at most `NAME_MAX` characters. */
function readOtherText(issues: Issues, path: Path, value: unknown): string | null {
  if (isBlank(value)) {
    issues.add(path, DIVERSITY_OTHER_TEXT_REQUIRED);
    return null;
  }
  return readText(issues, path, value, NAME_MAX);
}
