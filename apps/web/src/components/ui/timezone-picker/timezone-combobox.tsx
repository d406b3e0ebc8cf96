import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { DEFAULT_TIMEZONE, type Timezone } from '@muster/contract';
import {
  ComboboxField,
  ComboboxListbox,
  ComboboxToggle,
  comboboxClass,
  comboboxIds,
  type ComboboxWidgetProps,
} from '../combobox/combobox';
import { useCombobox } from '../combobox/use-combobox';
import { setRef } from '../field/set-ref';
import { Spinner } from '../spinner/spinner';
import { exactTimezone, filterTimezones, timezoneLabel } from './timezone-options';
import './timezone-picker.css';

export const TIMEZONE_HINT = 'Start typing a city or region, for example London';

/**
 * The value is an IANA name such as `Europe/London`, or ''. Uncontrolled, it starts at
 * Europe/London unless `defaultValue` says otherwise (platform-foundation §9).
 */
export type TimezoneComboboxProps = ComboboxWidgetProps & {
  /** The time zones to choose from. */
  options: readonly Timezone[];
  /** The options are still loading. */
  loading?: boolean;
  /** Why the options could not be loaded; shown with a retry button. */
  loadError?: string;
  onRetry?: () => void;
};

/**
 * The timezone picker's view: a searchable combobox (WAI-ARIA editable combobox, list
 * autocomplete with manual selection). Typing filters the list by display text or name; Down,
 * Up, Home and End move through it, Enter chooses, Escape closes and puts back the chosen zone.
 * Leaving the box with text that names no zone puts back the chosen one; leaving it empty clears.
 */
export function TimezoneCombobox({
  label,
  hint = TIMEZONE_HINT,
  options,
  loading = false,
  loadError,
  onRetry,
  name,
  id,
  value,
  defaultValue = DEFAULT_TIMEZONE,
  onChange,
  onBlur,
  error,
  readOnly = false,
  disabled = false,
  required = false,
  ref,
}: TimezoneComboboxProps) {
  const generatedId = useId();
  const inputId = id ?? `timezone-${generatedId}`;
  const { labelId, listboxId, hintId, errorId } = comboboxIds(inputId);
  const statusId = `${inputId}-status`;

  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const selected = value ?? uncontrolled;
  /** The text being typed; null while the box simply shows the chosen zone. */
  const [typing, setTyping] = useState<string | null>(null);
  const wrapper = useRef<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  const visible = typing === null ? [...options] : filterTimezones(options, typing);
  const optionId = (option: Timezone) => `${inputId}-option-${option.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const combobox = useCombobox({
    items: visible,
    optionId,
    listboxId,
    wrapperRef: wrapper,
    inputRef: input,
    readOnly,
    disabled,
  });
  const message = loadError ?? error;
  const describedBy =
    [readOnly ? '' : hintId, message ? errorId : '', loading ? statusId : ''].filter(Boolean).join(' ') || undefined;
  const noMatch =
    combobox.open && typing !== null && typing.trim() !== '' && visible.length === 0 && options.length > 0;

  function indexOfSelected(list: readonly Timezone[]) {
    return list.findIndex((option) => option.name === selected);
  }

  function select(next: string) {
    if (value === undefined) {
      setUncontrolled(next);
    }
    if (next !== selected) {
      onChange?.(next);
    }
  }

  function choose(option: Timezone) {
    select(option.name);
    setTyping(null);
    combobox.close();
  }

  /** Leaving or giving up on typed text: take an exact match, clear on empty, otherwise put back. */
  function settleTyping() {
    if (typing !== null) {
      if (typing.trim() === '') {
        select('');
      } else {
        const match = exactTimezone(options, typing);
        if (match) {
          select(match.name);
        }
      }
    }
    setTyping(null);
    combobox.close();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    combobox.handleKeyDown(event, {
      open: (direction) => combobox.openAt(indexOfSelected(visible), direction),
      enter: (active) => {
        if (active) {
          choose(active);
        } else if (typing !== null && exactTimezone(options, typing)) {
          settleTyping();
        }
      },
      escape: () => setTyping(null),
      pending: typing !== null,
    });
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    combobox.handleBlur(event, () => {
      if (!readOnly) {
        settleTyping();
      }
      onBlur?.();
    });
  }

  /** The button shows every zone again, on the chosen one. */
  function toggle() {
    combobox.toggle(() => {
      setTyping(null);
      combobox.openAt(indexOfSelected(options), 'down', options.length);
    });
  }

  return (
    <ComboboxField
      block="timezone-picker"
      inputId={inputId}
      label={label}
      hint={hint}
      required={required}
      readOnly={readOnly}
      message={message}
      messageAction={
        loadError && onRetry ? (
          <>
            {' '}
            <button type="button" className="timezone-picker__retry" onClick={onRetry}>
              Try again
            </button>
          </>
        ) : null
      }
      wrapperRef={wrapper}
      onBlur={handleBlur}
    >
      <div className={comboboxClass('timezone-picker', 'control')} aria-busy={loading || undefined}>
        <input
          ref={(element) => {
            input.current = element;
            setRef(ref, element);
          }}
          {...combobox.inputProps}
          id={inputId}
          className={comboboxClass('timezone-picker', 'input')}
          type="text"
          value={typing ?? timezoneLabel(options, selected)}
          readOnly={readOnly}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setTyping(event.target.value);
            combobox.showMatches();
          }}
          onKeyDown={handleKeyDown}
        />
        {readOnly ? null : (
          <ComboboxToggle
            block="timezone-picker"
            label={`Show time zones for ${label}`}
            {...combobox.toggleProps}
            disabled={disabled}
            onClick={toggle}
          />
        )}
        {loading ? (
          <span id={statusId}>
            <Spinner size="small" label="Loading time zones…" className="timezone-picker__spinner" />
          </span>
        ) : null}
        <ComboboxListbox
          block="timezone-picker"
          {...combobox.listboxProps}
          labelledBy={labelId}
          optionKey={(option) => option.name}
          isSelected={(option) => option.name === selected}
          onChoose={(option) => {
            choose(option);
            combobox.focusInput();
          }}
        >
          {(option) => option.display_text}
        </ComboboxListbox>
      </div>
      <p className="visually-hidden" role="status">
        {noMatch ? 'No time zone matches' : ''}
      </p>
      {name ? <input type="hidden" name={name} value={selected} /> : null}
    </ComboboxField>
  );
}
