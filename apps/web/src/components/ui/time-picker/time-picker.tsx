import { useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import {
  ComboboxField,
  ComboboxListbox,
  ComboboxToggle,
  comboboxClass,
  comboboxIds,
  type ComboboxWidgetProps,
} from '../combobox/combobox';
import { useCombobox, type ComboboxDirection } from '../combobox/use-combobox';
import { setRef } from '../field/set-ref';
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

/** The value is `HH:MM` or ''; `onChange` receives it whenever the text is a time the picker takes. */
export type TimePickerProps = ComboboxWidgetProps & {
  /** Receives the widget's own complaint about the typed text, or null; shown over `error` once the user has left. */
  onProblemChange?: (problem: string | null) => void;
  /** Minutes between the offered times: 5 or 15 (applicant-flow §9). */
  minuteStep?: MinuteStep;
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
  const { labelId, listboxId, hintId, errorId } = comboboxIds(inputId);
  const options = useMemo(() => timeOptions(minuteStep), [minuteStep]);

  const [text, setText] = useState(() => value ?? defaultValue ?? '');
  const [syncedValue, setSyncedValue] = useState(value);
  /** What the list is filtered by; null shows every time (opened by arrow key or button). */
  const [filter, setFilter] = useState<string | null>(null);
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
  const optionId = (option: string) => `${inputId}-option-${option.replace(':', '')}`;
  const describedBy = [readOnly ? '' : hintId, message ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const combobox = useCombobox({
    items: visible,
    optionId,
    listboxId,
    wrapperRef: wrapper,
    inputRef: input,
    readOnly,
    disabled,
  });

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
    combobox.close();
  }

  /** Opens the whole list on the chosen time, else the nearest one, else the first or last. */
  function openAll(direction: ComboboxDirection) {
    const selected = options.indexOf(current);
    setFilter(null);
    combobox.openAt(selected >= 0 ? selected : nearestTimeIndex(options, text), direction, options.length);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    combobox.handleKeyDown(event, {
      open: openAll,
      enter: (active) => {
        if (active !== undefined) {
          choose(active);
        } else {
          commitTyped();
          combobox.close();
        }
      },
      enterClosed: commitTyped,
    });
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    combobox.handleBlur(event, () => {
      if (!readOnly) {
        commitTyped();
      }
      onBlur?.();
    });
  }

  return (
    <ComboboxField
      block="time-picker"
      inputId={inputId}
      label={label}
      hint={hint}
      required={required}
      readOnly={readOnly}
      message={message}
      wrapperRef={wrapper}
      onBlur={handleBlur}
    >
      <div className={comboboxClass('time-picker', 'control')}>
        <input
          ref={(element) => {
            input.current = element;
            setRef(ref, element);
          }}
          {...combobox.inputProps}
          id={inputId}
          name={name}
          className={comboboxClass('time-picker', 'input')}
          type="text"
          inputMode="numeric"
          placeholder={readOnly ? undefined : 'HH:MM'}
          value={text}
          readOnly={readOnly}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            updateText(event.target.value, false);
            setFilter(event.target.value);
            combobox.showMatches();
          }}
          onKeyDown={handleKeyDown}
        />
        {readOnly ? null : (
          <ComboboxToggle
            block="time-picker"
            label={`Show times for ${label}`}
            {...combobox.toggleProps}
            disabled={disabled}
            onClick={() => combobox.toggle(() => openAll('down'))}
          />
        )}
        <ComboboxListbox
          block="time-picker"
          {...combobox.listboxProps}
          labelledBy={labelId}
          optionKey={(option) => option}
          isSelected={(option) => option === current}
          onChoose={(option) => {
            choose(option);
            combobox.focusInput();
          }}
        >
          {(option) => option}
        </ComboboxListbox>
      </div>
    </ComboboxField>
  );
}
