import { useId, type ReactNode } from 'react';
import {
  diversityQuestionControl,
  nextDiversityAnswer,
  type DiversityAnswer,
  type DiversityAnswerChange,
  type DiversityQuestion as Question,
} from './diversity-answer';
import './diversity-question.css';

/** Label and placeholder of the free text an Other choice reveals (applicant-flow §2.9). */
export const OTHER_TEXT_LABEL = 'Please Specify...';

export type DiversityQuestionProps = {
  question: Question;
  /** The current answer; null before one is given. */
  value: DiversityAnswer | null;
  onChange: (answer: DiversityAnswer) => void;
  /** A message from the form or the server, shown next to the question. */
  error?: string;
  /** A message about the Other text (e.g. left empty), shown next to the "Please Specify..." box. */
  otherError?: string;
  /** The DOM id of the "Please Specify..." box, so that an error summary can link to it. */
  otherInputId?: string;
  /** Shows an asterisk (answers are required when the step has diversity_compulsory). */
  required?: boolean;
  /** Answers cannot be changed (e.g. already submitted). */
  disabled?: boolean;
  /** Something is being done with the answer (e.g. saving): it cannot be changed meanwhile. */
  busy?: boolean;
};

function RequiredMark({ required }: { required: boolean }) {
  if (!required) {
    return null;
  }
  return (
    <>
      {' '}
      <span className="diversity-question__required" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden">required</span>
    </>
  );
}

/**
 * One server-supplied diversity question: radio buttons for up to 4 options, a dropdown for more,
 * checkboxes when several may be chosen. Choosing an Other option reveals a "Please Specify..."
 * text box; choosing away clears it (see {@link nextDiversityAnswer}).
 */
export function DiversityQuestion({
  question,
  value,
  onChange,
  error,
  otherError,
  otherInputId,
  required = false,
  disabled = false,
  busy = false,
}: DiversityQuestionProps) {
  const baseId = `diversity-${useId()}`;
  const errorId = `${baseId}-error`;
  const otherId = otherInputId ?? `${baseId}-other`;
  const otherErrorId = `${otherId}-error`;
  const control = diversityQuestionControl(question);
  const locked = disabled || busy;
  const change = (what: DiversityAnswerChange) => onChange(nextDiversityAnswer(question, value, what));

  const errorMessage = error ? (
    <p id={errorId} className="diversity-question__error">
      <span className="visually-hidden">Error:</span> {error}
    </p>
  ) : null;

  // The text is required whenever an Other option is chosen (applicant-flow §5).
  const otherBox = value?.is_other ? (
    <div
      className={['diversity-question__other', otherError ? 'diversity-question__other--error' : '']
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={otherId} className="diversity-question__other-label">
        {OTHER_TEXT_LABEL}
        {/* aria-required tells assistive technology; the asterisk is for the eye only. */}{' '}
        <span className="diversity-question__required" aria-hidden="true">
          *
        </span>
      </label>
      {otherError ? (
        <p id={otherErrorId} className="diversity-question__error">
          <span className="visually-hidden">Error:</span> {otherError}
        </p>
      ) : null}
      <input
        id={otherId}
        type="text"
        className="diversity-question__other-input"
        placeholder={OTHER_TEXT_LABEL}
        value={value.other_text}
        disabled={locked}
        aria-required
        aria-invalid={otherError ? true : undefined}
        aria-describedby={otherError ? otherErrorId : undefined}
        onChange={(event) => change({ kind: 'other-text', text: event.target.value })}
      />
    </div>
  ) : null;

  let body: ReactNode;
  if (control === 'select') {
    const selectId = `${baseId}-select`;
    body = (
      <div className="diversity-question__field">
        <label htmlFor={selectId} className="diversity-question__label">
          {question.question_text}
          <RequiredMark required={required} />
        </label>
        {errorMessage}
        <select
          id={selectId}
          className="diversity-question__select"
          value={value?.option_id ?? ''}
          disabled={locked}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) =>
            change({
              kind: 'choose',
              optionId: event.target.value === '' ? null : Number(event.target.value),
            })
          }
        >
          <option value="">Please select</option>
          {question.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.option_text}
            </option>
          ))}
        </select>
        {otherBox}
      </div>
    );
  } else {
    const multiple = control === 'checkboxes';
    body = (
      <fieldset
        className="diversity-question__fieldset"
        disabled={locked}
        aria-describedby={error ? errorId : undefined}
      >
        <legend className="diversity-question__label">
          {question.question_text}
          <RequiredMark required={required} />
        </legend>
        {errorMessage}
        <div className="diversity-question__choices">
          {question.options.map((option) => {
            const optionId = `${baseId}-option-${option.id}`;
            const checked = multiple
              ? (value?.options.includes(option.id) ?? false)
              : value?.option_id === option.id;
            return (
              <div key={option.id} className="diversity-question__choice">
                <input
                  id={optionId}
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`${baseId}-choice`}
                  value={option.id}
                  checked={checked}
                  onChange={(event) =>
                    change(
                      multiple
                        ? { kind: 'toggle', optionId: option.id, checked: event.target.checked }
                        : { kind: 'choose', optionId: option.id },
                    )
                  }
                />
                <label htmlFor={optionId}>{option.option_text}</label>
              </div>
            );
          })}
        </div>
        {otherBox}
      </fieldset>
    );
  }

  return (
    <div
      className={['diversity-question', error ? 'diversity-question--error' : ''].filter(Boolean).join(' ')}
      aria-busy={busy || undefined}
    >
      {body}
    </div>
  );
}
