import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { setRef } from '../date-input/set-ref';
import {
  checkTypedTime,
  filterTimeOptions,
  nearestTimeIndex,
  timeOptions,
  valueOfTypedTime,
  type MinuteStep,
} from './time-options';
import './time-picker.css';

/** The hint under the label. */
export const TIME_PICKER_HINT = 'For example, 14:30';

export type TimePickerProps = {
  label: string;
  hint?: string;
  /** Submitted name of the text box. */
  name?: string;
  id?: string;
  /** Controlled value, `HH:MM` or ''. */
  value?: string;
  defaultValue?: string;
  /** Receives `HH:MM` whenever the text is a time the picker takes, '' otherwise. */
  onChange?: (value: string) => void;
  onBlur?: () => void;
  /** Receives the widget's own complaint about the typed text, or null. */
  onProblemChange?: (problem: string | null) => void;
  /** A message from the form or the server; the widget's own complaint wins once the user has left the field. */
  error?: string;
  /** Minutes between the offered times: 5 or 15 (applicant-flow §9). */
  minuteStep?: MinuteStep;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A time of day: a text box that takes a typed `HH:MM` or `H:MM`, with a list of times at the
 * minute step, following the WAI-ARIA editable combobox pattern (list autocomplete, manual
 * selection): typing filters the list; Down and Up open it and move through it, Home and End
 * jump to the first and last time, Enter chooses, Escape closes. The value is `HH:MM`.
 */
export function TimePicker({
  label,
  hint = TIME_PICKER_HINT,
  name,
  id,
  value,
  defaultValue,
  onChange,
  onBlur,
  onProblemChange,
  error,
  minuteStep = 15,
  readOnly = false,
  disabled = false,
  required = false,
  ref,
}: TimePickerProps) {
  const generatedId = useId();
  const inputId = id ?? `time-${generatedId}`;
  const labelId = `${inputId}-label`;
  const listboxId = `${inputId}-listbox`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const options = useMemo(() => timeOptions(minuteStep), [minuteStep]);

  const [text, setText] = useState(() => value ?? defaultValue ?? '');
  const [syncedValue, setSyncedValue] = useState(value);
  const [open, setOpen] = useState(false);
  /** What the list is filtered by; null shows every time (opened by arrow key or button). */
  const [filter, setFilter] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [touched, setTouched] = useState(false);
  const wrapper = useRef<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  if (value !== syncedValue) {
    setSyncedValue(value);
    if (value !== undefined && value !== valueOfTypedTime(text, minuteStep)) {
      setText(value);
    }
  }

  const current = valueOfTypedTime(text, minuteStep);
  const problem = checkTypedTime(text, minuteStep);
  const ownProblemShown = touched && problem !== null && !readOnly;
  const message = ownProblemShown ? problem : error;
  const visible = filter === null ? options : filterTimeOptions(options, filter);
  const expanded = open && visible.length > 0 && !readOnly && !disabled;
  const activeOption = expanded && activeIndex >= 0 ? visible[activeIndex] : undefined;
  const optionId = (option: string) => `${inputId}-option-${option.replace(':', '')}`;
  const describedBy = [readOnly ? '' : hintId, message ? errorId : ''].filter(Boolean).join(' ') || undefined;

  const activeId = activeOption !== undefined ? optionId(activeOption) : undefined;

  useEffect(() => {
    // Keep the highlighted time in sight in the scrolling list (jsdom has no scrollIntoView).
    const element = activeId ? document.getElementById(activeId) : null;
    if (element && typeof element.scrollIntoView === 'function') {
      element.scrollIntoView({ block: 'nearest' });
    }
  }, [activeId]);

  function updateText(next: string, committed: boolean) {
    setText(next);
    const nextValue = valueOfTypedTime(next, minuteStep);
    if (nextValue !== current) {
      onChange?.(nextValue);
    }
    const nextProblem = checkTypedTime(next, minuteStep);
    if (nextProblem !== problem) {
      onProblemChange?.(nextProblem);
    }
    if (committed) {
      setTouched(true);
    }
  }

  /** Tidies a typed time into `HH:MM` (9:05 becomes 09:05) and shows any complaint. */
  function commitTyped() {
    updateText(current !== '' ? current : text, true);
  }

  function choose(option: string) {
    updateText(option, true);
    setOpen(false);
    setActiveIndex(-1);
  }

  function openAll(direction: 'down' | 'up') {
    const selected = options.indexOf(current);
    const nearest = selected >= 0 ? selected : nearestTimeIndex(options, text);
    setFilter(null);
    setOpen(true);
    setActiveIndex(nearest >= 0 ? nearest : direction === 'down' ? 0 : options.length - 1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (readOnly) {
      return;
    }
    const last = visible.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) {
          openAll('down');
        } else {
          setActiveIndex(activeIndex < 0 ? 0 : Math.min(activeIndex + 1, last));
        }
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) {
          openAll('up');
        } else {
          setActiveIndex(activeIndex < 0 ? last : Math.max(activeIndex - 1, 0));
        }
        return;
      case 'Home':
      case 'End':
        // With the list closed, Home and End move the caret as in any text box.
        if (expanded) {
          event.preventDefault();
          setActiveIndex(event.key === 'Home' ? 0 : last);
        }
        return;
      case 'Enter':
        if (!expanded) {
          commitTyped();
          return;
        }
        // Choosing from the open list must not also submit the form.
        event.preventDefault();
        if (activeOption !== undefined) {
          choose(activeOption);
        } else {
          commitTyped();
          setOpen(false);
        }
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        }
        return;
      default:
        return;
    }
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    const to = event.relatedTarget;
    if (to instanceof Node && wrapper.current?.contains(to)) {
      return;
    }
    setOpen(false);
    setActiveIndex(-1);
    if (!readOnly) {
      commitTyped();
    }
    onBlur?.();
  }

  function toggle() {
    if (expanded) {
      setOpen(false);
      setActiveIndex(-1);
    } else {
      openAll('down');
    }
    input.current?.focus();
  }

  return (
    <div
      ref={wrapper}
      className={['time-picker', message ? 'time-picker--error' : ''].filter(Boolean).join(' ')}
      onBlur={handleBlur}
    >
      <label id={labelId} className="time-picker__label" htmlFor={inputId}>
        {label}
        {required ? (
          <span className="time-picker__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {readOnly ? null : (
        <p id={hintId} className="time-picker__hint">
          {hint}
        </p>
      )}
      {message ? (
        <p id={errorId} className="time-picker__error">
          <span className="visually-hidden">Error:</span> {message}
        </p>
      ) : null}
      <div className="time-picker__control">
        <input
          ref={(element) => {
            input.current = element;
            setRef(ref, element);
          }}
          id={inputId}
          name={name}
          className="time-picker__input"
          type="text"
          role="combobox"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={readOnly ? undefined : 'HH:MM'}
          value={text}
          readOnly={readOnly}
          disabled={disabled}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-required={required || undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            updateText(event.target.value, false);
            setFilter(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={handleKeyDown}
        />
        {readOnly ? null : (
          <button
            type="button"
            className="time-picker__toggle"
            tabIndex={-1}
            aria-label={`Show times for ${label}`}
            aria-controls={listboxId}
            aria-expanded={expanded}
            disabled={disabled}
            // Keep focus in the text box: the list is operated from there.
            onMouseDown={(event) => event.preventDefault()}
            onClick={toggle}
          >
            <span aria-hidden="true" className="time-picker__chevron" />
          </button>
        )}
        <ul
          id={listboxId}
          role="listbox"
          aria-labelledby={labelId}
          className="time-picker__listbox"
          hidden={!expanded}
          onMouseDown={(event) => event.preventDefault()}
        >
          {expanded
            ? visible.map((option, index) => (
                <li
                  key={option}
                  id={optionId(option)}
                  role="option"
                  aria-selected={option === current}
                  className={[
                    'time-picker__option',
                    index === activeIndex ? 'time-picker__option--active' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  onClick={() => {
                    choose(option);
                    input.current?.focus();
                  }}
                >
                  {option}
                </li>
              ))
            : null}
        </ul>
      </div>
    </div>
  );
}
