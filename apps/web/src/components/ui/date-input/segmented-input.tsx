import { useId, useRef, useState, type ClipboardEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { Spinner } from '../spinner/spinner';
import { setRef } from '../field/set-ref';
import type { FieldWidgetProps } from '../field/field-props';
import './date-input.css';

/** The props the date input and the month-year input share: a react-hook-form controlled field. */
export type SegmentedFieldProps = FieldWidgetProps & {
  /** Receives the widget's own complaint (incomplete, out of range, impossible) or null when it has none. */
  onProblemChange?: (problem: string | null) => void;
};

/** The boxes as typed, one string per part. */
export type Segments<P extends string> = Record<P, string>;

/** What is wrong with the boxes, and which of them to mark. */
export type SegmentsProblem<P extends string> = { message: string; parts: readonly P[] };

export type SegmentedInputProps<P extends string> = Omit<SegmentedFieldProps, 'hint'> & {
  hint: string;
  /** Prefix of the generated id when `id` is absent. */
  idPrefix: string;
  /** The boxes in order; the first one takes `id` and `ref`. */
  parts: readonly P[];
  partLabels: Record<P, string>;
  placeholders: Record<P, string>;
  /** Autocomplete token per box; 'off' when absent. */
  autoComplete?: Record<P, string>;
  /** The stored value split into boxes; anything else gives empty boxes. */
  segmentsFromValue: (value: string | undefined) => Segments<P>;
  /** The stored value, or '' while the boxes are empty, incomplete or wrong. */
  valueFromSegments: (segments: Segments<P>) => string;
  /** What is wrong with the boxes; empty boxes are the form's business, not a problem here. */
  check: (segments: Segments<P>) => SegmentsProblem<P> | null;
  /** What a box keeps of what was typed into it. */
  clean: (part: P, raw: string) => string;
  /** Reads a whole pasted value into all the boxes, or null to let the paste land in the box. */
  segmentsFromPaste: (text: string) => Segments<P> | null;
  /** Boxes in which a separator (`/`, `.`, `-`) moves on to the next box instead of being typed. */
  separatorParts: readonly P[];
  /** Tidies the boxes when the user leaves `part` (unless read-only). */
  settle?: (part: P, segments: Segments<P>) => Segments<P>;
  /** Extra class on the outer element, after `date-input`. */
  className?: string;
  /** Marks the outer element `date-input--readonly` while read-only. */
  flagReadOnly?: boolean;
  /** Something is being checked against the value: shows a spinner after the boxes. */
  busy?: boolean;
  busyLabel?: string;
};

const separators = new Set(['/', '.', '-']);

/**
 * A value typed into digit boxes in a fieldset (the date input's day/month/year, the month-year
 * input's month/year): one box per part, each with its label, the hint and the widget's own
 * complaint linked to every box, and a hidden input carrying the stored value. What the parts
 * are and how they are read, checked and stored is the caller's; the box handling is here.
 */
export function SegmentedInput<P extends string>({
  label,
  hint,
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
  ref,
  idPrefix,
  parts: partOrder,
  partLabels,
  placeholders,
  autoComplete,
  segmentsFromValue,
  valueFromSegments,
  check,
  clean,
  segmentsFromPaste,
  separatorParts,
  settle,
  className,
  flagReadOnly = false,
  busy = false,
  busyLabel,
}: SegmentedInputProps<P>) {
  const generatedId = useId();
  const baseId = id ?? `${idPrefix}-${generatedId}`;
  const [segments, setSegments] = useState<Segments<P>>(() => segmentsFromValue(value ?? defaultValue));
  const [syncedValue, setSyncedValue] = useState(value);
  const [touched, setTouched] = useState(false);
  const boxes = useRef<Partial<Record<P, HTMLInputElement | null>>>({});

  // A new value from outside (a reset, a prefill) replaces the boxes, unless the boxes already
  // say it: while the user types, the parent echoes '' back and the boxes must keep their digits.
  if (value !== syncedValue) {
    setSyncedValue(value);
    if (value !== undefined && value !== valueFromSegments(segments)) {
      setSegments(segmentsFromValue(value));
    }
  }

  const current = valueFromSegments(segments);
  const problem = check(segments);
  const ownProblemShown = touched && problem !== null && !readOnly;
  const message = ownProblemShown ? problem.message : error;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const describedBy = [readOnly ? '' : hintId, message ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const firstPart = partOrder[0];
  const lastPart = partOrder[partOrder.length - 1];

  function commit(next: Segments<P>) {
    setSegments(next);
    const nextValue = valueFromSegments(next);
    if (nextValue !== current) {
      onChange?.(nextValue);
    }
    const nextProblem = check(next)?.message ?? null;
    if (nextProblem !== (problem?.message ?? null)) {
      onProblemChange?.(nextProblem);
    }
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = segmentsFromPaste(event.clipboardData.getData('text'));
    if (!pasted) {
      return;
    }
    // A whole value pasted into any box fills them all.
    event.preventDefault();
    commit(pasted);
    if (lastPart !== undefined) {
      boxes.current[lastPart]?.focus();
    }
  }

  function handleKeyDown(part: P, event: KeyboardEvent<HTMLInputElement>) {
    // People type "27/11/1989" in one go: the separator moves on to the next box instead.
    if (!separators.has(event.key)) {
      return;
    }
    event.preventDefault();
    const next = partOrder[partOrder.indexOf(part) + 1];
    if (next !== undefined && segments[part] !== '') {
      boxes.current[next]?.focus();
    }
  }

  function handleBoxBlur(part: P) {
    if (!settle) {
      return;
    }
    const settled = settle(part, segments);
    if (settled !== segments) {
      commit(settled);
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

  function isInvalid(part: P): boolean {
    if (ownProblemShown) {
      return problem.parts.includes(part);
    }
    return Boolean(error);
  }

  const boxId = (part: P) => (part === firstPart ? baseId : `${baseId}-${part}`);
  const outerClass = ['date-input', className ?? '', message ? 'date-input--error' : '', flagReadOnly && readOnly ? 'date-input--readonly' : ''];

  return (
    <div className={outerClass.filter(Boolean).join(' ')}>
      <fieldset className="date-input__fieldset" disabled={disabled} aria-busy={busy || undefined} onBlur={handleGroupBlur}>
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
                  boxes.current[part] = element;
                  if (part === firstPart) {
                    setRef(ref, element);
                  }
                }}
                id={boxId(part)}
                className="date-input__box"
                type="text"
                inputMode="numeric"
                spellCheck={false}
                autoComplete={autoComplete?.[part] ?? 'off'}
                placeholder={readOnly ? undefined : placeholders[part]}
                value={segments[part]}
                readOnly={readOnly}
                aria-required={required || undefined}
                aria-invalid={isInvalid(part) || undefined}
                aria-describedby={describedBy}
                onChange={(event) => commit({ ...segments, [part]: clean(part, event.target.value) })}
                onPaste={handlePaste}
                onKeyDown={separatorParts.includes(part) ? (event) => handleKeyDown(part, event) : undefined}
                onBlur={settle && !readOnly ? () => handleBoxBlur(part) : undefined}
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
