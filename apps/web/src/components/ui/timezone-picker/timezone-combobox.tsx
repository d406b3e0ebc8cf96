import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { DEFAULT_TIMEZONE, type Timezone } from '@muster/contract';
import { setRef } from '../date-input/set-ref';
import { Spinner } from '../spinner/spinner';
import { exactTimezone, filterTimezones, timezoneLabel } from './timezone-options';
import './timezone-picker.css';

export const TIMEZONE_HINT = 'Start typing a city or region, for example London';

export type TimezoneComboboxProps = {
  label: string;
  hint?: string;
  /** The time zones to choose from. */
  options: readonly Timezone[];
  /** The options are still loading. */
  loading?: boolean;
  /** Why the options could not be loaded; shown with a retry button. */
  loadError?: string;
  onRetry?: () => void;
  name?: string;
  id?: string;
  /** Controlled value: an IANA name such as `Europe/London`, or ''. */
  value?: string;
  /** Uncontrolled starting value; Europe/London unless given (platform-foundation §9). */
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
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
  const labelId = `${inputId}-label`;
  const listboxId = `${inputId}-listbox`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const statusId = `${inputId}-status`;

  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const selected = value ?? uncontrolled;
  /** The text being typed; null while the box simply shows the chosen zone. */
  const [typing, setTyping] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const wrapper = useRef<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  const visible = typing === null ? [...options] : filterTimezones(options, typing);
  const expanded = open && visible.length > 0 && !readOnly && !disabled;
  const activeOption = expanded && activeIndex >= 0 ? visible[activeIndex] : undefined;
  const optionId = (option: Timezone) => `${inputId}-option-${option.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const activeId = activeOption ? optionId(activeOption) : undefined;
  const message = loadError ?? error;
  const describedBy =
    [readOnly ? '' : hintId, message ? errorId : '', loading ? statusId : ''].filter(Boolean).join(' ') || undefined;
  const noMatch = open && typing !== null && typing.trim() !== '' && visible.length === 0 && options.length > 0;

  useEffect(() => {
    const element = activeId ? document.getElementById(activeId) : null;
    if (element && typeof element.scrollIntoView === 'function') {
      element.scrollIntoView({ block: 'nearest' });
    }
  }, [activeId]);

  function select(next: string) {
    if (value === undefined) {
      setUncontrolled(next);
    }
    if (next !== selected) {
      onChange?.(next);
    }
  }

  function close() {
    setOpen(false);
    setActiveIndex(-1);
  }

  function choose(option: Timezone) {
    select(option.name);
    setTyping(null);
    close();
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
    close();
  }

  function openList(direction: 'down' | 'up') {
    const index = visible.findIndex((option) => option.name === selected);
    setOpen(true);
    setActiveIndex(index >= 0 ? index : direction === 'down' ? 0 : visible.length - 1);
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
          openList('down');
        } else {
          setActiveIndex(activeIndex < 0 ? 0 : Math.min(activeIndex + 1, last));
        }
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) {
          openList('up');
        } else {
          setActiveIndex(activeIndex < 0 ? last : Math.max(activeIndex - 1, 0));
        }
        return;
      case 'Home':
      case 'End':
        if (expanded) {
          event.preventDefault();
          setActiveIndex(event.key === 'Home' ? 0 : last);
        }
        return;
      case 'Enter':
        if (expanded || typing !== null) {
          event.preventDefault();
          if (activeOption) {
            choose(activeOption);
          } else if (typing !== null && exactTimezone(options, typing)) {
            settleTyping();
          }
        }
        return;
      case 'Escape':
        if (expanded || typing !== null) {
          event.preventDefault();
          setTyping(null);
          close();
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
    if (!readOnly) {
      settleTyping();
    }
    onBlur?.();
  }

  function toggle() {
    if (expanded) {
      close();
    } else {
      setTyping(null);
      const index = options.findIndex((option) => option.name === selected);
      setOpen(true);
      setActiveIndex(index >= 0 ? index : 0);
    }
    input.current?.focus();
  }

  return (
    <div
      ref={wrapper}
      className={['timezone-picker', message ? 'timezone-picker--error' : ''].filter(Boolean).join(' ')}
      onBlur={handleBlur}
    >
      <label id={labelId} className="timezone-picker__label" htmlFor={inputId}>
        {label}
        {required ? (
          <span className="timezone-picker__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {readOnly ? null : (
        <p id={hintId} className="timezone-picker__hint">
          {hint}
        </p>
      )}
      {message ? (
        <p id={errorId} className="timezone-picker__error">
          <span className="visually-hidden">Error:</span> {message}
          {loadError && onRetry ? (
            <>
              {' '}
              <button type="button" className="timezone-picker__retry" onClick={onRetry}>
                Try again
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="timezone-picker__control" aria-busy={loading || undefined}>
        <input
          ref={(element) => {
            input.current = element;
            setRef(ref, element);
          }}
          id={inputId}
          className="timezone-picker__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          value={typing ?? timezoneLabel(options, selected)}
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
            setTyping(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={handleKeyDown}
        />
        {readOnly ? null : (
          <button
            type="button"
            className="timezone-picker__toggle"
            tabIndex={-1}
            aria-label={`Show time zones for ${label}`}
            aria-controls={listboxId}
            aria-expanded={expanded}
            disabled={disabled}
            onMouseDown={(event) => event.preventDefault()}
            onClick={toggle}
          >
            <span aria-hidden="true" className="timezone-picker__chevron" />
          </button>
        )}
        {loading ? (
          <span id={statusId}>
            <Spinner size="small" label="Loading time zones…" className="timezone-picker__spinner" />
          </span>
        ) : null}
        <ul
          id={listboxId}
          role="listbox"
          aria-labelledby={labelId}
          className="timezone-picker__listbox"
          hidden={!expanded}
          onMouseDown={(event) => event.preventDefault()}
        >
          {expanded
            ? visible.map((option, index) => (
                <li
                  key={option.name}
                  id={optionId(option)}
                  role="option"
                  aria-selected={option.name === selected}
                  className={['timezone-picker__option', index === activeIndex ? 'timezone-picker__option--active' : '']
                    .filter(Boolean)
                    .join(' ')}
                  onClick={() => {
                    choose(option);
                    input.current?.focus();
                  }}
                >
                  {option.display_text}
                </li>
              ))
            : null}
        </ul>
      </div>
      <p className="visually-hidden" role="status">
        {noMatch ? 'No time zone matches' : ''}
      </p>
      {name ? <input type="hidden" name={name} value={selected} /> : null}
    </div>
  );
}
