import { useId, useRef, useState, type ClipboardEvent, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { setRef } from '../date-input/set-ref';
import {
  checkMonthYearParts,
  cleanMonth,
  cleanYear,
  monthYearPartsFromValue,
  settleYear,
  valueFromMonthYearParts,
  type MonthYearPart,
  type MonthYearParts,
} from './month-year-parts';
// Same boxes as the date input, so the same stylesheet.
import '../date-input/date-input.css';

/** The hint under the legend. */
export const MONTH_YEAR_HINT = 'For example, 11/2019';

export type MonthYearInputProps = {
  /** The legend of the fieldset, e.g. "Lived here since". */
  label: string;
  hint?: string;
  /** Submitted name: a hidden input carries the `YYYY-MM` value. */
  name?: string;
  /** Id of the month box, for error-summary links; generated when absent. */
  id?: string;
  /** Controlled value, `YYYY-MM` or ''. */
  value?: string;
  defaultValue?: string;
  /** Receives `YYYY-MM` once both boxes are right, '' otherwise. */
  onChange?: (value: string) => void;
  /** Called when focus leaves both boxes. */
  onBlur?: () => void;
  /** Receives the widget's own complaint or null. */
  onProblemChange?: (problem: string | null) => void;
  /** A message from the form or the server; the widget's own complaint wins once the user has left the field. */
  error?: string;
  /** Caps the year at the current year. */
  pastOnly?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** Receives the month box, so a form can focus the field. */
  ref?: Ref<HTMLInputElement>;
};

const partOrder: MonthYearPart[] = ['month', 'year'];
const partLabels: Record<MonthYearPart, string> = { month: 'Month', year: 'Year' };
const placeholders: Record<MonthYearPart, string> = { month: 'mm', year: 'YYYY' };

/**
 * A month and a year as two boxes in a fieldset; emits `YYYY-MM`. The year takes four digits;
 * in past-only mode it is capped at the current year, and a non-positive year is replaced by
 * the current year when the user leaves the year box (applicant-flow §5).
 */
export function MonthYearInput({
  label,
  hint = MONTH_YEAR_HINT,
  name,
  id,
  value,
  defaultValue,
  onChange,
  onBlur,
  onProblemChange,
  error,
  pastOnly = false,
  readOnly = false,
  disabled = false,
  required = false,
  ref,
}: MonthYearInputProps) {
  const generatedId = useId();
  const baseId = id ?? `month-year-${generatedId}`;
  const [parts, setParts] = useState<MonthYearParts>(() => monthYearPartsFromValue(value ?? defaultValue));
  const [syncedValue, setSyncedValue] = useState(value);
  const [touched, setTouched] = useState(false);
  const yearBox = useRef<HTMLInputElement | null>(null);

  // A new value from outside replaces the boxes unless they already say it (see DateInput).
  if (value !== syncedValue) {
    setSyncedValue(value);
    if (value !== undefined && value !== valueFromMonthYearParts(parts, label)) {
      setParts(monthYearPartsFromValue(value));
    }
  }

  const current = valueFromMonthYearParts(parts, label);
  const problem = checkMonthYearParts(parts, label);
  const ownProblemShown = touched && problem !== null && !readOnly;
  const message = ownProblemShown ? problem.message : error;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const describedBy = [readOnly ? '' : hintId, message ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const hintText = pastOnly ? `${hint}. The year cannot be later than ${new Date().getFullYear()}` : hint;

  function commit(next: MonthYearParts) {
    setParts(next);
    const nextValue = valueFromMonthYearParts(next, label);
    if (nextValue !== current) {
      onChange?.(nextValue);
    }
    const nextProblem = checkMonthYearParts(next, label)?.message ?? null;
    if (nextProblem !== (problem?.message ?? null)) {
      onProblemChange?.(nextProblem);
    }
  }

  function handleInput(part: MonthYearPart, raw: string) {
    commit({ ...parts, [part]: part === 'month' ? cleanMonth(raw) : cleanYear(raw, pastOnly) });
  }

  function handleYearBlur() {
    const settled = settleYear(parts.year);
    if (settled !== parts.year) {
      commit({ ...parts, year: settled });
    }
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const match = /^\s*(\d{1,2})[/.\-\s](\d{4})\s*$/.exec(event.clipboardData.getData('text'));
    if (!match) {
      return;
    }
    event.preventDefault();
    commit({ month: cleanMonth(match[1] ?? ''), year: cleanYear(match[2] ?? '', pastOnly) });
    yearBox.current?.focus();
  }

  function handleMonthKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === '/' || event.key === '.' || event.key === '-') {
      event.preventDefault();
      if (parts.month !== '') {
        yearBox.current?.focus();
      }
    }
  }

  function handleGroupBlur(event: FocusEvent<HTMLFieldSetElement>) {
    const to = event.relatedTarget;
    if (to instanceof Node && event.currentTarget.contains(to)) {
      return;
    }
    setTouched(true);
    onBlur?.();
  }

  const boxId = (part: MonthYearPart) => (part === 'month' ? baseId : `${baseId}-${part}`);

  return (
    <div className={['date-input', 'month-year-input', message ? 'date-input--error' : ''].filter(Boolean).join(' ')}>
      <fieldset className="date-input__fieldset" disabled={disabled} onBlur={handleGroupBlur}>
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
            {hintText}
          </p>
        )}
        {message ? (
          <p id={errorId} className="date-input__error">
            <span className="visually-hidden">Error:</span> {message}
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
                  if (part === 'month') {
                    setRef(ref, element);
                  } else {
                    yearBox.current = element;
                  }
                }}
                id={boxId(part)}
                className="date-input__box"
                type="text"
                inputMode="numeric"
                spellCheck={false}
                autoComplete="off"
                placeholder={readOnly ? undefined : placeholders[part]}
                value={parts[part]}
                readOnly={readOnly}
                aria-required={required || undefined}
                aria-invalid={(ownProblemShown ? problem.parts.includes(part) : Boolean(error)) || undefined}
                aria-describedby={describedBy}
                onChange={(event) => handleInput(part, event.target.value)}
                onPaste={handlePaste}
                onKeyDown={part === 'month' ? handleMonthKeyDown : undefined}
                onBlur={part === 'year' && !readOnly ? handleYearBlur : undefined}
              />
            </div>
          ))}
        </div>
        {name ? <input type="hidden" name={name} value={current} /> : null}
      </fieldset>
    </div>
  );
}
