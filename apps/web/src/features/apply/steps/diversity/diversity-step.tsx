import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useController, useFormContext, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import { shownDiversityQuestions } from '@muster/contract';
import type {
  DiversityAnswer,
  DiversityQuestion as WidgetQuestion,
} from '../../../../components/ui/diversity-question/diversity-answer';
import { DiversityQuestion } from '../../../../components/ui/diversity-question/diversity-question';
import { Spinner } from '../../../../components/ui/spinner/spinner';
import { useSession } from '../../../../lib/session/session-context';
import { CustomBlocks } from '../../custom-blocks';
import { fieldId } from '../../fields';
import { errorMessage } from '../../form-errors';
import type { ApplicationFormValues } from '../../form-values';
import type { StepProps } from '../step-props';
import {
  chosenOptionIds,
  diversityAnswersOf,
  FIXED_DIVERSITY_FIELDS,
  REGISTERED_DISABLED_YES_VALUE,
  type DiversityAnswers,
  type FixedDiversityField,
} from './body';
import { fetchDiversityHasAnswers } from './has-answers';
import { changeV2Answer, type V2Question } from './v2-answers';

/** The notice of a signed-in applicant who has answered before (applicant-flow §2.9). */
export const DIVERSITY_ANSWERED_NOTICE = 'You have already provided diversity information.';

/** The part of a server message that marks the whole group of questions as in error (applicant-flow §8). */
const GROUP_REQUIRED_MESSAGE = 'questions field is required.';

const V2_ROOT = 'diversity.diversity_v2_questions';

type Field = FieldPath<ApplicationFormValues>;
type FixedOptions = Record<string, Array<{ id: number; label: string; is_other: boolean }>>;

/**
 * The diversity step (applicant-flow §2.9, §3.2–§3.5, §4). A signed-in applicant is first asked
 * about (has-answers); one who has answered before sees a notice and the step sends nothing, and a
 * failed check shows the form. Otherwise the server's v2 questions (a child only while its
 * parent's answer shows it) or the fixed fields, each through the diversity question widget.
 * Answers are required only when the step is compulsory; the step's custom blocks follow.
 */
export function DiversityStep({ section, organisation, opportunity, mode, onUploadingChange }: StepProps) {
  const { control, setValue } = useFormContext<ApplicationFormValues>();
  const { session } = useSession();
  const userId = session?.user.id ?? null;
  const asked = mode === 'self' && userId !== null;
  const hasAnswers = useQuery({
    queryKey: ['apply', 'diversity-has-answers', userId],
    queryFn: ({ signal }) => fetchDiversityHasAnswers(userId!, { signal }),
    enabled: asked,
    retry: false,
  });
  const answered = asked && hasAnswers.data === true;
  const checking = asked && hasAnswers.isPending;

  // The answer decides whether the body carries the step; a failed check counts as not answered.
  const stored = useWatch({ control, name: 'diversity_answered' });
  useEffect(() => {
    if (!checking && stored !== answered) {
      setValue('diversity_answered', answered);
    }
  }, [answered, checking, stored, setValue]);

  const blocks = (
    <CustomBlocks section={section} organisation={organisation} opportunity={opportunity} onUploadingChange={onUploadingChange} />
  );
  if (checking) {
    return <Spinner label="Checking your diversity information…" showLabel />;
  }
  if (answered) {
    return (
      <>
        <div className="apply-notice" data-step-type={section.type}>
          <p>{DIVERSITY_ANSWERED_NOTICE}</p>
        </div>
        {blocks}
      </>
    );
  }
  return (
    <>
      <p className="apply-field__hint">
        These questions help us see who our volunteering reaches. Your answers are kept apart from your
        application
        {section.diversity_compulsory ? '.' : ' and answering is optional.'}
      </p>
      {section.diversity?.mode === 'v2' ? (
        <V2Questions
          questions={section.diversity.questions}
          compulsory={section.diversity_compulsory}
          name={section.name}
        />
      ) : section.diversity?.mode === 'fixed' ? (
        <FixedQuestions
          options={section.diversity.options}
          compulsory={section.diversity_compulsory}
          name={section.name}
        />
      ) : null}
      {blocks}
    </>
  );
}

function useAnswers(): { answers: DiversityAnswers; errors: FieldErrors<ApplicationFormValues> } {
  const {
    control,
    formState: { errors },
  } = useFormContext<ApplicationFormValues>();
  const diversity = useWatch({ control, name: 'diversity' });
  return { answers: diversityAnswersOf({ diversity }), errors };
}

/** The organisation's questions, shown as their parents' answers allow (applicant-flow §3.5). */
function V2Questions({
  questions,
  compulsory,
  name,
}: {
  questions: readonly V2Question[];
  compulsory: boolean;
  name: string;
}) {
  const { setValue } = useFormContext<ApplicationFormValues>();
  const { answers, errors } = useAnswers();
  const v2 = answers.diversity_v2_questions;
  const shown = shownDiversityQuestions(questions, (id) => chosenOptionIds(v2[id]));
  const groupError = errorMessage(errors, V2_ROOT);
  const groupInError = groupError?.includes(GROUP_REQUIRED_MESSAGE) ?? false;
  const groupId = fieldId(V2_ROOT);

  const change = (question: V2Question, answer: DiversityAnswer) => {
    for (const [key, value] of Object.entries(changeV2Answer(questions, v2, question.id, answer))) {
      setValue(`${V2_ROOT}.${key}` as Field, value as never, { shouldDirty: true });
    }
  };

  return (
    <fieldset
      id={groupId}
      className={`apply-group${groupInError ? ' apply-field--error' : ''}`}
      aria-describedby={groupError ? `${groupId}-error` : undefined}
    >
      <legend className="visually-hidden">{name}</legend>
      {groupError ? (
        <p id={`${groupId}-error`} className="apply-field__error">
          <span className="visually-hidden">Error:</span> {groupError}
        </p>
      ) : null}
      {shown.map((question) => (
        <V2QuestionField
          key={question.id}
          question={question}
          required={compulsory && question.compulsory}
          errors={errors}
          onChange={(answer) => change(question, answer)}
        />
      ))}
    </fieldset>
  );
}

/**
 * One v2 question, registered with the form (a controller) so that the step's browser check
 * reaches its errors; `onChange` also drops the answers of dependent questions.
 */
function V2QuestionField({
  question,
  required,
  errors,
  onChange,
}: {
  question: V2Question;
  required: boolean;
  errors: FieldErrors<ApplicationFormValues>;
  onChange: (answer: DiversityAnswer) => void;
}) {
  const path = `${V2_ROOT}.${question.id}`;
  const { field } = useController({ name: path as Field });
  return (
    <div id={fieldId(path)}>
      <DiversityQuestion
        question={question}
        value={(field.value as DiversityAnswer | null | undefined) ?? null}
        onChange={onChange}
        required={required}
        error={errorMessage(errors, path)}
        otherError={errorMessage(errors, `${path}.other_text`)}
        otherInputId={fieldId(`${path}.other_text`)}
      />
    </div>
  );
}

/** A fixed field as a widget question: Other reveals text only where the field has a text. */
function widgetQuestion(field: FixedDiversityField, index: number, options: FixedOptions): WidgetQuestion {
  return {
    id: index,
    question_text: field.label,
    is_multiple_select: false,
    options: (options[field.field] ?? []).map((option) => ({
      id: option.id,
      option_text: option.label,
      is_other: option.is_other && field.other !== undefined,
    })),
  };
}

/** The fixed fields of applicant-flow §3.3; the disability type only after registered disabled Yes. */
function FixedQuestions({
  options,
  compulsory,
  name,
}: {
  options: FixedOptions;
  compulsory: boolean;
  name: string;
}) {
  const { setValue } = useFormContext<ApplicationFormValues>();
  const { answers, errors } = useAnswers();
  const set = (field: keyof DiversityAnswers, value: string) =>
    setValue(`diversity.${field}` as Field, value as never, { shouldDirty: true });

  const change = (field: FixedDiversityField, answer: DiversityAnswer) => {
    const value = answer.option_id === null ? '' : String(answer.option_id);
    if (value !== answers[field.id]) {
      set(field.id, value);
    }
    if (field.other && answer.other_text !== answers[field.other]) {
      set(field.other, answer.other_text);
    }
    // A disability answer other than Yes clears the disability type and its text (applicant-flow §4).
    if (field.field === 'registered_disabled' && value !== REGISTERED_DISABLED_YES_VALUE) {
      if (answers.disabled_select_id !== '') {
        set('disabled_select_id', '');
      }
      if (answers.disabled_select_other !== '') {
        set('disabled_select_other', '');
      }
    }
  };

  return (
    <fieldset className="apply-group">
      <legend className="visually-hidden">{name}</legend>
      {FIXED_DIVERSITY_FIELDS.map((field, index) => {
        if (
          field.field === 'disabled_select' &&
          answers.registered_disabled_id !== REGISTERED_DISABLED_YES_VALUE
        ) {
          return null;
        }
        return (
          <FixedQuestionField
            key={field.field}
            field={field}
            question={widgetQuestion(field, index, options)}
            answers={answers}
            required={compulsory}
            errors={errors}
            onChange={(answer) => change(field, answer)}
          />
        );
      })}
    </fieldset>
  );
}

/** One fixed field with its Other text, both registered with the form (see {@link V2QuestionField}). */
function FixedQuestionField({
  field,
  question,
  answers,
  required,
  errors,
  onChange,
}: {
  field: FixedDiversityField;
  question: WidgetQuestion;
  answers: DiversityAnswers;
  required: boolean;
  errors: FieldErrors<ApplicationFormValues>;
  onChange: (answer: DiversityAnswer) => void;
}) {
  useController({ name: `diversity.${field.id}` as Field });
  const chosen = answers[field.id] === '' ? null : Number(answers[field.id]);
  const isOther = question.options.some((option) => option.id === chosen && option.is_other);
  const path = `diversity.${field.id}`;
  const otherPath = field.other ? `diversity.${field.other}` : null;
  return (
    <div id={fieldId(path)}>
      {otherPath ? <Registered name={otherPath} /> : null}
      <DiversityQuestion
        question={question}
        value={{
          question_id: question.id,
          option_id: chosen,
          options: [],
          other_text: field.other && isOther ? answers[field.other] : '',
          is_other: isOther,
        }}
        onChange={onChange}
        required={required}
        error={errorMessage(errors, path)}
        otherError={otherPath ? errorMessage(errors, otherPath) : undefined}
        otherInputId={otherPath ? fieldId(otherPath) : undefined}
      />
    </div>
  );
}

/** Registers a field the widget edits through its question (the Other text of a fixed field). */
function Registered({ name }: { name: string }) {
  useController({ name: name as Field });
  return null;
}
