import { useId } from 'react';
import {
  answerIds,
  chooseRadio,
  consentQuestionError,
  sameId,
  toggleMultiple,
  toggleSingleCheckbox,
  type ConsentAnswer,
  type ConsentOptionId,
  type ConsentQuestionData,
} from './consent-answer';
import { ConsentHistory } from './consent-history';
import './consent-question.css';

export type ConsentQuestionProps = {
  question: ConsentQuestionData;
  /** The current answer; defaults to the question's saved answer. */
  answer?: ConsentAnswer;
  onChange?: (answer: ConsentAnswer) => void;
  /** Show the question's own validation message when unanswered (after a submit attempt). */
  validate?: boolean;
  /** An error from elsewhere (the server); shown instead of the own message. */
  error?: string | null;
  disabled?: boolean;
};

/**
 * A parental or guardian consent question (platform-foundation §3–§5): radio buttons, a single
 * checkbox, or several checkboxes; an asterisk and `aria-required` when compulsory; no input when
 * there are no options; and the change history below.
 */
export function ConsentQuestion({ question, answer, onChange, validate = false, error, disabled = false }: ConsentQuestionProps) {
  const baseId = useId();
  const legendId = `${baseId}-statement`;
  const errorId = `${baseId}-error`;
  const current = answer === undefined ? (question.answer ?? null) : answer;
  const message = error ?? (validate ? consentQuestionError(question, current) : null);
  const chosen = answerIds(current);
  const isChosen = (id: ConsentOptionId) => chosen.some((value) => sameId(value, id));
  const hasInput = question.options.length > 0;
  const invalid = message ? true : undefined;
  const describedBy = message ? errorId : undefined;
  const required = question.compulsory && hasInput ? true : undefined;
  const name = `consent-${question.id}`;
  const radio = hasInput && question.type === 'radio';

  return (
    // Radios: the fieldset itself is the radio group, so required and invalid sit on the group.
    <fieldset
      className={`consent-question${message ? ' consent-question--error' : ''}`}
      role={radio ? 'radiogroup' : undefined}
      aria-labelledby={legendId}
      aria-required={radio ? required : undefined}
      aria-invalid={radio ? invalid : undefined}
      aria-describedby={radio ? describedBy : undefined}
    >
      <legend id={legendId} className="consent-question__statement">
        {question.statement}
        {question.compulsory ? (
          <span className="consent-question__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      {message ? (
        <p id={errorId} className="consent-question__error">
          {message}
        </p>
      ) : null}
      {radio ? (
        <div className="consent-question__options">
          {question.options.map((option) => (
            <label key={option.id} className="consent-question__option">
              <input
                type="radio"
                name={name}
                value={String(option.id)}
                checked={isChosen(option.id)}
                disabled={disabled}
                onChange={() => onChange?.(chooseRadio(option.id))}
              />
              <span>{option.value}</span>
            </label>
          ))}
        </div>
      ) : null}
      {hasInput && question.type === 'checkbox' && question.options[0] ? (
        <div className="consent-question__options">
          <label className="consent-question__option">
            <input
              type="checkbox"
              name={name}
              value={String(question.options[0].id)}
              checked={isChosen(question.options[0].id)}
              disabled={disabled}
              aria-required={required}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => onChange?.(toggleSingleCheckbox(question.options, event.target.checked))}
            />
            <span>{question.options[0].value}</span>
          </label>
        </div>
      ) : null}
      {hasInput && question.type === 'multiple-checkboxes' ? (
        <div className="consent-question__options">
          {question.options.map((option) => (
            <label key={option.id} className="consent-question__option">
              <input
                type="checkbox"
                name={name}
                value={String(option.id)}
                checked={isChosen(option.id)}
                disabled={disabled}
                aria-required={required}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => onChange?.(toggleMultiple(current, option.id, event.target.checked))}
              />
              <span>{option.value}</span>
            </label>
          ))}
        </div>
      ) : null}
      {question.logs && question.logs.length > 0 ? <ConsentHistory logs={question.logs} /> : null}
    </fieldset>
  );
}
