import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Spinner } from '../spinner/spinner';
import {
  DEFAULT_REGION,
  flagOf,
  foldForSearch,
  getLoadedPhoneLibrary,
  loadPhoneLibrary,
  type Country,
  type PhoneLibrary,
} from './phone-library';
import './telephone-input.css';

/** Typed text for the country type-ahead is forgotten this long after the last key (applicant-flow §9). */
export const TYPE_AHEAD_RESET_MS = 200;

/** The value of the widget: the number as typed and the selected region. */
export interface TelephoneValue {
  number: string;
  /** Two-letter region, e.g. "GB". */
  region: string;
}

/** What `onChange` receives: the value plus its E.164 form (null while the number is not valid). */
export interface TelephoneChange extends TelephoneValue {
  e164: string | null;
  valid: boolean;
}

export type TelephoneInputProps = {
  /** The label of the number box, e.g. "Contact number". */
  label: string;
  hint?: string;
  /** Id of the number box (for labels and error-summary links); generated when absent. */
  id?: string;
  name?: string;
  /** Controlled value. */
  value?: TelephoneValue;
  defaultValue?: Partial<TelephoneValue>;
  onChange?: (change: TelephoneChange) => void;
  /** Called when the number box loses focus. */
  onBlur?: () => void;
  /** A message from the form or the server, shown next to the field. */
  error?: string;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** Something is being done with the number (e.g. saving): the field is disabled with a spinner. */
  busy?: boolean;
  busyLabel?: string;
  /** Receives the number box, so a form can focus the field. */
  ref?: Ref<HTMLInputElement>;
};

// Keys that only modify others: pressing them alone neither types nor closes the list.
const MODIFIER_KEYS = new Set([
  'Shift',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'OS',
  'Fn',
  'FnLock',
  'Hyper',
  'Super',
  'CapsLock',
  'NumLock',
  'ScrollLock',
  'Symbol',
  'SymbolLock',
]);

/** Hands the number box to the caller's ref, object or callback (React 19 cleanup included). */
function assignRef(
  ref: Ref<HTMLInputElement> | undefined,
  element: HTMLInputElement | null,
): (() => void) | undefined {
  if (typeof ref === 'function') {
    const cleanup = ref(element);
    return typeof cleanup === 'function' ? cleanup : undefined;
  }
  if (ref) {
    ref.current = element;
  }
  return undefined;
}

/** Resolves the region to show: the requested one when the metadata knows it, else the default. */
function shownRegion(library: PhoneLibrary | null, requested: string): string {
  return library && !library.isRegion(requested) ? DEFAULT_REGION : requested;
}

/**
 * A telephone number with a country selector (applicant-flow §3.7, §4, §9). The number is kept as
 * typed, with its region (default GB); `onChange` also gives the E.164 form. A number that names a
 * single other country (e.g. `+33 6 12 34 56 78` while GB is selected) switches the region.
 *
 * The country list is a listbox opened by the flag button. Keyboard, as the spec says: Up/Down move,
 * Home/PageUp go to the first country and End/PageDown to the last, typing jumps to the first
 * country whose name starts with the typed text (forgotten 200 ms after the last key), Enter or
 * Space chooses, Escape closes. Any other key closes without choosing; "other" means any key that
 * is none of those and not a printable character (which types ahead) nor a lone modifier such as
 * Shift (which may be part of typing). Tab closes and lets focus move on; the other closing keys
 * return focus to the flag button. A click or touch outside closes too.
 *
 * The metadata (libphonenumber-js) loads on first use, outside the initial bundle; until then the
 * box is disabled and a spinner says so.
 */
export function TelephoneInput({
  label,
  hint,
  id,
  name,
  value,
  defaultValue,
  onChange,
  onBlur,
  error,
  readOnly = false,
  disabled = false,
  required = false,
  busy = false,
  busyLabel = 'Saving…',
  ref,
}: TelephoneInputProps) {
  const generatedId = useId();
  const inputId = id ?? `telephone-${generatedId}`;
  const buttonId = `${inputId}-country`;
  const listId = `${inputId}-countries`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const optionId = (region: string) => `${inputId}-country-${region}`;

  const [library, setLibrary] = useState<PhoneLibrary | null>(getLoadedPhoneLibrary);
  const [loadFailed, setLoadFailed] = useState(false);
  const [inner, setInner] = useState<TelephoneValue>(() => ({
    number: defaultValue?.number ?? '',
    region: defaultValue?.region ?? DEFAULT_REGION,
  }));
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const numberBox = useRef<HTMLInputElement | null>(null);
  const typed = useRef('');
  const typedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const current = value ?? inner;
  const region = shownRegion(library, current.region);
  const countries: Country[] = library?.countries ?? [];
  const country = countries.find((entry) => entry.region === region);
  const activeCountry = countries[activeIndex];
  const activeOptionId = open && activeCountry ? optionId(activeCountry.region) : undefined;
  const locked = disabled || readOnly || busy || library === null;

  useEffect(() => {
    if (library) {
      return undefined;
    }
    let live = true;
    loadPhoneLibrary().then(
      (loaded) => {
        if (live) {
          setLibrary(loaded);
        }
      },
      (cause: unknown) => {
        console.error('TelephoneInput: the telephone metadata could not be loaded.', cause);
        if (live) {
          setLoadFailed(true);
        }
      },
    );
    return () => {
      live = false;
    };
  }, [library]);

  // applicant-flow §8: an invalid region is reported on the console only.
  useEffect(() => {
    if (library && !library.isRegion(current.region)) {
      console.error(
        `TelephoneInput: "${current.region}" is not a known telephone region; using ${DEFAULT_REGION}.`,
      );
    }
  }, [library, current.region]);

  useEffect(() => {
    if (open) {
      list.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (activeOptionId) {
      // jsdom has no scrollIntoView.
      document.getElementById(activeOptionId)?.scrollIntoView?.({ block: 'nearest' });
    }
  }, [activeOptionId]);

  // A click or touch anywhere outside the widget closes the list.
  useEffect(() => {
    if (!open) {
      return undefined;
    }
    const closeOnOutside = (event: Event) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', closeOnOutside);
    document.addEventListener('touchstart', closeOnOutside);
    return () => {
      document.removeEventListener('mousedown', closeOnOutside);
      document.removeEventListener('touchstart', closeOnOutside);
    };
  }, [open]);

  useEffect(() => () => clearTimeout(typedTimer.current), []);

  /** Settles and reports a new value; `followNumber` lets a number naming another country switch the region. */
  function emit(next: TelephoneValue, followNumber: boolean) {
    if (!library) {
      return;
    }
    const analysis = library.analyse(next.number, next.region);
    const implied = analysis.impliedRegion;
    const nextRegion = followNumber && implied && implied !== next.region ? implied : next.region;
    const settled = { number: next.number, region: nextRegion };
    setInner(settled);
    onChange?.({ ...settled, e164: analysis.e164, valid: analysis.valid });
  }

  function openList() {
    const selected = countries.findIndex((entry) => entry.region === region);
    setActiveIndex(Math.max(selected, 0));
    typed.current = '';
    setOpen(true);
  }

  function closeList(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) {
      button.current?.focus();
    }
  }

  function choose(index: number) {
    const chosen = countries[index];
    closeList(true);
    if (chosen) {
      // The person's explicit choice wins over what the number implies.
      emit({ number: current.number, region: chosen.region }, false);
    }
  }

  function typeAhead(key: string) {
    typed.current += foldForSearch(key);
    clearTimeout(typedTimer.current);
    typedTimer.current = setTimeout(() => {
      typed.current = '';
    }, TYPE_AHEAD_RESET_MS);
    const found = countries.findIndex((entry) => foldForSearch(entry.name).startsWith(typed.current));
    if (found !== -1) {
      setActiveIndex(found);
    }
  }

  function handleListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const last = countries.length - 1;
    const { key } = event;
    if (MODIFIER_KEYS.has(key)) {
      return;
    }
    const move = (index: number) => {
      event.preventDefault();
      setActiveIndex(Math.min(Math.max(index, 0), last));
    };
    switch (key) {
      case 'ArrowDown':
        return move(activeIndex + 1);
      case 'ArrowUp':
        return move(activeIndex - 1);
      case 'Home':
      case 'PageUp':
        return move(0);
      case 'End':
      case 'PageDown':
        return move(last);
      case 'Enter':
      case ' ':
        // preventDefault also stops the key from reaching the flag button once focus returns there.
        event.preventDefault();
        return choose(activeIndex);
      case 'Escape':
        event.preventDefault();
        return closeList(true);
      case 'Tab':
        // Closes, and focus moves on as it would have: forward to the number, back to the flag button.
        event.preventDefault();
        closeList(event.shiftKey);
        if (!event.shiftKey) {
          numberBox.current?.focus();
        }
        return;
      default:
        break;
    }
    if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      typeAhead(key);
      return;
    }
    // Any other key closes without choosing; its default (a browser shortcut, say) is left alone.
    closeList(true);
  }

  function handleListBlur(event: FocusEvent<HTMLUListElement>) {
    // Focus moved somewhere else on the page (not to the flag button, which toggles on its own).
    const to = event.relatedTarget;
    if (to instanceof Node && !container.current?.contains(to)) {
      setOpen(false);
    }
  }

  function handleNumberChange(event: ChangeEvent<HTMLInputElement>) {
    emit({ number: event.target.value, region }, true);
  }

  const message = error;
  const describedBy = [hint ? hintId : '', message ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const placeholder = library && !readOnly ? library.placeholderFor(region) : undefined;
  const buttonName = country ? `Country code: ${country.name} +${country.country_code}` : 'Country code';

  return (
    <div
      className={[
        'telephone-input',
        message ? 'telephone-input--error' : '',
        readOnly ? 'telephone-input--readonly' : '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <label className="telephone-input__label" htmlFor={inputId}>
        {label}
        {required ? (
          <span className="telephone-input__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="telephone-input__hint">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="telephone-input__error">
          <span className="visually-hidden">Error:</span> {message}
        </p>
      ) : null}
      {loadFailed ? (
        <p className="telephone-input__error" role="alert">
          The list of countries could not be loaded. Please reload the page to try again.
        </p>
      ) : null}
      <div className="telephone-input__control" ref={container}>
        {library ? (
          <button
            ref={button}
            id={buttonId}
            type="button"
            className="telephone-input__country"
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-label={buttonName}
            disabled={locked}
            onClick={() => (open ? closeList(false) : openList())}
          >
            <span className="telephone-input__flag" aria-hidden="true">
              {flagOf(region)}
            </span>
            <span aria-hidden="true">+{country?.country_code}</span>
            <span className="telephone-input__caret" aria-hidden="true">
              ▾
            </span>
          </button>
        ) : (
          <span className="telephone-input__loading">
            <Spinner size="small" label="Loading country codes…" />
          </span>
        )}
        {open ? (
          <ul
            ref={list}
            id={listId}
            role="listbox"
            tabIndex={0}
            aria-label="Countries"
            aria-activedescendant={activeOptionId}
            className="telephone-input__list"
            onKeyDown={handleListKeyDown}
            onBlur={handleListBlur}
          >
            {countries.map((entry, index) => (
              <li
                key={entry.region}
                id={optionId(entry.region)}
                role="option"
                aria-selected={entry.region === region}
                className={[
                  'telephone-input__option',
                  index === activeIndex ? 'telephone-input__option--active' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                onClick={() => choose(index)}
              >
                <span className="telephone-input__flag" aria-hidden="true">
                  {flagOf(entry.region)}
                </span>
                <span className="telephone-input__name">{entry.name}</span>{' '}
                <span className="telephone-input__dial">+{entry.country_code}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={(element) => {
            numberBox.current = element;
            return assignRef(ref, element);
          }}
          id={inputId}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          className="telephone-input__number"
          value={current.number}
          placeholder={placeholder}
          readOnly={readOnly}
          disabled={disabled || busy || library === null}
          required={required}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={handleNumberChange}
          onBlur={onBlur}
        />
        {busy && library ? <Spinner size="small" label={busyLabel} /> : null}
      </div>
    </div>
  );
}
