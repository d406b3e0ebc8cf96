import { useId, useRef, useState, type ClipboardEvent, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { Spinner } from '../spinner/spinner';
import {
  DATE_PART_LENGTH,
  MIN_DATE_YEAR,
  checkDateParts,
  datePartsFromIso,
  datePartsFromText,
  digitsOnly,
  isoFromDateParts,
  maxDateYear,
  type DatePart,
  type DateParts,
} from './date-parts';
import { setRef } from './set-ref';
import './date-input.css';

/** The hint under the legend (applicant-flow §9: dates display as DD/MM/YYYY). */
export const DATE_INPUT_HINT = 'For example, 27/11/1989';

export type DateInputProps = {
  /** The legend of the fieldset: the question, e.g. "Date of birth". */
  label: string;
  hint?: string;
  /** Submitted name: a hidden input carries the `YYYY-MM-DD` value. */
  name?: string;
  /** Id of the day box (the first box), for error-summary links; generated when absent. */
  id?: string;
  /** Controlled value, `YYYY-MM-DD` or ''. */
  value?: string;
  defaultValue?: string;
  /** Receives `YYYY-MM-DD` once the boxes hold a real date in range, '' otherwise. */
  onChange?: (value: string) => void;
  /** Called when focus leaves the three boxes (not when moving between them). */
  onBlur?: () => void;
  /** Receives the widget's own complaint (incomplete, out of range, impossible) or null when it has none. */
  onProblemChange?: (problem: string | null) => void;
  /** A message from the form or the server; the widget's own complaint wins once the user has left the field. */
  error?: string;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** Something is being checked against the date (e.g. overlapping bookings): shows a spinner. */
  busy?: boolean;
  busyLabel?: string;
  /** Asks the browser to offer the user's birthday (`bday-*` autocomplete). */
  dateOfBirth?: boolean;
  minYear?: number;
  maxYear?: number;
  /** Receives the day box, so a form can focus the field. */
  ref?: Ref<HTMLInputElement>;
};

const partOrder: DatePart[] = ['day', 'month', 'year'];
const partLabels: Record<DatePart, string> = { day: 'Day', month: 'Month', year: 'Year' };
const placeholders: Record<DatePart, string> = { day: 'dd', month: 'mm', year: 'YYYY' };
const birthdayAutocomplete: Record<DatePart, string> = { day: 'bday-day', month: 'bday-month', year: 'bday-year' };
const separators = new Set(['/', '.', '-']);

/**
 * A date as three boxes (day, month, year) in a fieldset. Shows DD/MM/YYYY, holds and emits
 * `YYYY-MM-DD`, or '' while the date is incomplete or not a real date in range; the reason is
 * shown next to the field once the user leaves it. Works standalone or as a react-hook-form
 * controlled field (`value`, `onChange`, `onBlur`, `name`, `ref`, `error`).
 */
export function DateInput({
  label,
  hint = DATE_INPUT_HINT,
  name,
  id,
  value,
  defaultValue,
  onChange,
  onBlur,
  onProblemChange,
  error,
  readOnly = false,
  disabled = false,
  required = false,
  busy = false,
  busyLabel = 'Checking the date…',
  dateOfBirth = false,
  minYear = MIN_DATE_YEAR,
  maxYear,
  ref,
}: DateInputProps) {
  const generatedId = useId();
  const baseId = id ?? `date-${generatedId}`;
  const range = { minYear, maxYear: maxYear ?? maxDateYear() };
  const [parts, setParts] = useState<DateParts>(() => datePartsFromIso(value ?? defaultValue));
  const [syncedValue, setSyncedValue] = useState(value);
  const [touched, setTouched] = useState(false);
  const boxes = useRef<Partial<Record<DatePart, HTMLInputElement | null>>>({});

  // A new value from outside (a reset, a prefill) replaces the boxes, unless the boxes already
  // say it: while the user types, the parent echoes '' back and the boxes must keep their digits.
  if (value !== syncedValue) {
    setSyncedValue(value);
    if (value !== undefined && value !== isoFromDateParts(parts, label, range)) {
      setParts(datePartsFromIso(value));
    }
  }

  const current = isoFromDateParts(parts, label, range);
  const problem = checkDateParts(parts, label, range);
  const ownProblemShown = touched && problem !== null && !readOnly;
  const message = ownProblemShown ? problem.message : error;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const describedBy = [readOnly ? '' : hintId, message ? errorId : ''].filter(Boolean).join(' ') || undefined;

  function commit(next: DateParts) {
    setParts(next);
    const nextValue = isoFromDateParts(next, label, range);
    if (nextValue !== current) {
      onChange?.(nextValue);
    }
    const nextProblem = checkDateParts(next, label, range)?.message ?? null;
    if (nextProblem !== (problem?.message ?? null)) {
      onProblemChange?.(nextProblem);
    }
  }

  function handleInput(part: DatePart, raw: string) {
    commit({ ...parts, [part]: digitsOnly(raw, DATE_PART_LENGTH[part]) });
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = datePartsFromText(event.clipboardData.getData('text'));
    if (!pasted) {
      return;
    }
    // A whole date pasted into any box fills all three.
    event.preventDefault();
    commit(pasted);
    boxes.current.year?.focus();
  }

  function handleKeyDown(part: DatePart, event: KeyboardEvent<HTMLInputElement>) {
    // People type "27/11/1989" in one go: the separator moves on to the next box instead.
    if (!separators.has(event.key)) {
      return;
    }
    event.preventDefault();
    const next = partOrder[partOrder.indexOf(part) + 1];
    if (next && parts[part] !== '') {
      boxes.current[next]?.focus();
    }
  }

  function handleBlur(event: FocusEvent<HTMLFieldSetElement>) {
    const to = event.relatedTarget;
    if (to instanceof Node && event.currentTarget.contains(to)) {
      return;
    }
    setTouched(true);
    onBlur?.();
  }

  function isInvalid(part: DatePart): boolean {
    if (ownProblemShown) {
      return problem.parts.includes(part);
    }
    return Boolean(error);
  }

  const boxId = (part: DatePart) => (part === 'day' ? baseId : `${baseId}-${part}`);

  return (
    <div className={['date-input', message ? 'date-input--error' : '', readOnly ? 'date-input--readonly' : ''].filter(Boolean).join(' ')}>
      <fieldset className="date-input__fieldset" disabled={disabled} aria-busy={busy || undefined} onBlur={handleBlur}>
        <legend className="date-input__legend">
          {label}
          {required ? (
            <span className="date-input__required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </legend>
        {readOnly ? null : (
          <p id={hintId} className="date-input__hint">
            {hint}
          </p>
        )}
        {message ? (
          <p id={errorId} className="date-input__error">
            <span className="visually-hidden">Error:</span>{' '}
            {message}
          </p>
        ) : null}
        <div className="date-input__boxes">
          {partOrder.map((part) => (
            <div key={part} className={`date-input__item date-input__item--${part}`}>
              <label className="date-input__label" htmlFor={boxId(part)}>
                {partLabels[part]}
              </label>
              <input
                ref={(element) => {
                  boxes.current[part] = element;
                  if (part === 'day') {
                    setRef(ref, element);
                  }
                }}
                id={boxId(part)}
                className="date-input__box"
                type="text"
                inputMode="numeric"
                spellCheck={false}
                autoComplete={dateOfBirth ? birthdayAutocomplete[part] : 'off'}
                placeholder={readOnly ? undefined : placeholders[part]}
                value={parts[part]}
                readOnly={readOnly}
                aria-required={required || undefined}
                aria-invalid={isInvalid(part) || undefined}
                aria-describedby={describedBy}
                onChange={(event) => handleInput(part, event.target.value)}
                onPaste={handlePaste}
                onKeyDown={(event) => handleKeyDown(part, event)}
              />
            </div>
          ))}
          {busy ? <Spinner size="small" label={busyLabel} showLabel className="date-input__spinner" /> : null}
        </div>
        {name ? <input type="hidden" name={name} value={current} /> : null}
      </fieldset>
    </div>
  );
}
