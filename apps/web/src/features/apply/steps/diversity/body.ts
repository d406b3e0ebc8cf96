import { REGISTERED_DISABLED_YES, shownDiversityQuestions, type FormSection } from '@muster/contract';
import type { DiversityAnswer } from '../../../../components/ui/diversity-question/diversity-answer';
import type { ApplicationFormValues } from '../../form-values';
import type { BodyContext, StepBody } from '../step-props';

/** A fixed diversity field (applicant-flow §3.2, §3.3): its option list, its id field and its Other text. */
export type FixedDiversityField = {
  /** The key of the section's fixed option lists (`section.diversity.options`). */
  field: string;
  /** The body field of the chosen option id. */
  id: FixedIdField;
  /** The body field of the Other text, for fields that have one. */
  other?: FixedOtherField;
  /** The question the applicant sees. */
  label: string;
};

type FixedIdField =
  | 'gender_id'
  | 'gender_assigned_id'
  | 'nationality_id'
  | 'ethnicity_id'
  | 'sexuality_id'
  | 'registered_disabled_id'
  | 'disabled_select_id'
  | 'religion_id';
type FixedOtherField =
  'nationality_other' | 'ethnicity_other' | 'sexuality_other' | 'disabled_select_other' | 'religion_other';

/** The fixed fields in the order they are asked; `disabled_select` only after registered disabled Yes. */
export const FIXED_DIVERSITY_FIELDS: readonly FixedDiversityField[] = [
  { field: 'gender', id: 'gender_id', label: 'What is your gender?' },
  {
    field: 'gender_assigned',
    id: 'gender_assigned_id',
    label: 'Is the gender you identify with the same as the sex you were assigned at birth?',
  },
  {
    field: 'nationality',
    id: 'nationality_id',
    other: 'nationality_other',
    label: 'What is your nationality?',
  },
  { field: 'ethnicity', id: 'ethnicity_id', other: 'ethnicity_other', label: 'What is your ethnic group?' },
  {
    field: 'sexuality',
    id: 'sexuality_id',
    other: 'sexuality_other',
    label: 'What is your sexual orientation?',
  },
  { field: 'registered_disabled', id: 'registered_disabled_id', label: 'Are you registered disabled?' },
  {
    field: 'disabled_select',
    id: 'disabled_select_id',
    other: 'disabled_select_other',
    label: 'What is the nature of your disability?',
  },
  {
    field: 'religion',
    id: 'religion_id',
    other: 'religion_other',
    label: 'What is your religion or belief?',
  },
];

/** The fixed answers as the page holds them: option ids as text ('' when none), Other texts. */
export type FixedDiversityValues = Record<FixedIdField | FixedOtherField, string>;

/** The diversity answers (applicant-flow §3.2): the fixed fields and the v2 answers keyed by question id. */
export type DiversityAnswers = FixedDiversityValues & {
  /** Keyed by question id, so that errors at `diversity.diversity_v2_questions.{id}` land on the question. */
  diversity_v2_questions: Record<string, DiversityAnswer | null>;
};

/** The diversity step's answers. */
export type DiversityValues = {
  diversity: DiversityAnswers;
  /** The signed-in applicant has answered before (has-answers): the step is skipped and sends nothing. */
  diversity_answered: boolean;
};

/** No diversity answer given. */
export function emptyDiversityAnswers(): DiversityAnswers {
  return {
    gender_id: '',
    gender_assigned_id: '',
    nationality_id: '',
    nationality_other: '',
    ethnicity_id: '',
    ethnicity_other: '',
    sexuality_id: '',
    sexuality_other: '',
    registered_disabled_id: '',
    disabled_select_id: '',
    disabled_select_other: '',
    religion_id: '',
    religion_other: '',
    diversity_v2_questions: {},
  };
}

/** The step's answers when nothing is given. */
export function diversityDefaults(): DiversityValues {
  return { diversity: emptyDiversityAnswers(), diversity_answered: false };
}

/** The top-level fields (and error paths) the step owns. */
export const diversityFields = ['diversity'] as const;

/** The registered-disabled Yes as the page holds it. */
export const REGISTERED_DISABLED_YES_VALUE = String(REGISTERED_DISABLED_YES);

/** The answers as stored, over an empty set (older drafts may lack fields). */
export function diversityAnswersOf(values: Pick<ApplicationFormValues, 'diversity'>): DiversityAnswers {
  const stored = (values.diversity as Partial<DiversityAnswers> | undefined) ?? {};
  const v2 = stored.diversity_v2_questions;
  return {
    ...emptyDiversityAnswers(),
    ...stored,
    diversity_v2_questions: typeof v2 === 'object' && v2 !== null && !Array.isArray(v2) ? v2 : {},
  };
}

/** The option ids an answer chooses (the single option, or the multiple-select list). */
export function chosenOptionIds(answer: DiversityAnswer | null | undefined): number[] {
  if (!answer) {
    return [];
  }
  return answer.option_id !== null ? [answer.option_id] : answer.options;
}

/** The step is skipped: a signed-in applicant whose has-answers check said they answered before. */
export function diversitySkipped(
  values: Pick<ApplicationFormValues, 'diversity_answered'>,
  context: Pick<BodyContext, 'mode'>,
): boolean {
  return context.mode === 'self' && values.diversity_answered === true;
}

type V2Questions = Extract<NonNullable<FormSection['diversity']>, { mode: 'v2' }>['questions'];

/** The v2 answers of the questions shown, as the contract reads them (applicant-flow §3.2, §3.5). */
function v2Body(
  questions: V2Questions,
  answers: DiversityAnswers['diversity_v2_questions'],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const question of shownDiversityQuestions(questions, (id) => chosenOptionIds(answers[id]))) {
    const answer = answers[question.id];
    const ids = chosenOptionIds(answer);
    if (!answer || ids.length === 0) {
      continue;
    }
    body[question.id] = {
      question_id: question.id,
      ...(question.is_multiple_select ? { options: ids } : { option: ids[0] }),
      is_other: answer.is_other,
      ...(answer.is_other ? { other_text: answer.other_text } : {}),
    };
  }
  return body;
}

/** The fixed answers given, as the contract reads them; Other texts only beside an Other choice. */
function fixedBody(
  options: Record<string, Array<{ id: number; is_other: boolean }>>,
  answers: DiversityAnswers,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const { field, id, other } of FIXED_DIVERSITY_FIELDS) {
    if (field === 'disabled_select' && answers.registered_disabled_id !== REGISTERED_DISABLED_YES_VALUE) {
      continue;
    }
    const value = answers[id];
    if (value === '') {
      continue;
    }
    body[id] = value;
    if (other && options[field]?.some((option) => String(option.id) === value && option.is_other)) {
      body[other] = answers[other];
    }
  }
  return body;
}

/**
 * The step's part of the body: `diversity{…fixed ids and texts}` or
 * `diversity{diversity_v2_questions{id: {option|options, other_text}}}`; nothing when skipped.
 */
export const diversityBody: StepBody = (section, values, context) => {
  if (!section.diversity || diversitySkipped(values, context)) {
    return {};
  }
  const answers = diversityAnswersOf(values);
  return {
    diversity:
      section.diversity.mode === 'v2'
        ? { diversity_v2_questions: v2Body(section.diversity.questions, answers.diversity_v2_questions) }
        : fixedBody(section.diversity.options, answers),
  };
};
