import { GEOCODE_QUERY_MAX, GEOCODE_QUERY_MIN, type GeocodedAddress, type GeocodeSuggestion } from '@muster/contract';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  ComboboxField,
  ComboboxListbox,
  comboboxClass,
  comboboxIds,
} from '../../../../components/ui/combobox/combobox';
import { useCombobox, type ComboboxKeyHandlers } from '../../../../components/ui/combobox/use-combobox';
import { CancelledError } from '../../../../lib/api';
import { retrieveSuggestion, searchAddresses } from './geocode-api';

/** The pause after the last keystroke before searching (applicant-flow §9). */
export const ADDRESS_SEARCH_DELAY_MS = 800;

/** What the box is doing, shown (and announced) under it. */
type Status =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; count: number }
  | { kind: 'container'; count: number; name: string }
  | { kind: 'none' }
  | { kind: 'retrieving' }
  | { kind: 'failed' };

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function statusText(status: Status): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'searching':
      return 'Searching for addresses…';
    case 'found':
      return `${plural(status.count, 'result', 'results')} found. Use the up and down arrow keys to choose one.`;
    case 'container':
      return `${plural(status.count, 'address', 'addresses')} in ${status.name}. Use the up and down arrow keys to choose one.`;
    case 'none':
      return 'No addresses found. Check what you typed, or enter the address manually.';
    case 'retrieving':
      return 'Fetching the address…';
    case 'failed':
      return 'Addresses could not be looked up just now. Please try again, or enter the address manually.';
  }
}

export type AddressLookupProps = {
  /** The id of the text box (error-summary links and labels use it). */
  inputId: string;
  label: string;
  hint: string;
  required: boolean;
  /** The form's message for the row, e.g. 'Please provide an address'. */
  error?: string;
  /** A full address was chosen. */
  onAddress: (address: GeocodedAddress) => void;
};

/**
 * The address finder of one row (applicant-flow §2.4, §9): an editable combobox that searches
 * from 2 characters, 800 ms after the last keystroke (Enter searches at once), cancelling the
 * request it supersedes. Choosing an address fetches it in full; choosing a container (a
 * postcode or street) shows the addresses inside it as the new list.
 */
export function AddressLookup({ inputId, label, hint, required, error, onAddress }: AddressLookupProps) {
  const { listboxId, hintId, errorId, labelId } = comboboxIds(inputId);
  const statusId = `${inputId}-status`;
  const wrapper = useRef<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<GeocodeSuggestion[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const optionId = (item: GeocodeSuggestion) => `${inputId}-option-${suggestions.indexOf(item)}`;
  const combobox = useCombobox({ items: suggestions, optionId, listboxId, wrapperRef: wrapper, inputRef: input });

  const cancelTimer = () => {
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
  };
  /** Aborts the request in flight, if any. */
  const supersede = () => {
    inFlight.current?.abort();
    inFlight.current = null;
  };
  /** Aborts the request in flight and answers the controller of the next one. */
  const start = (): AbortController => {
    supersede();
    const controller = new AbortController();
    inFlight.current = controller;
    return controller;
  };

  useEffect(
    () => () => {
      // Leaving the row (an address was chosen, the row removed): nothing may answer into it.
      if (timer.current !== null) {
        clearTimeout(timer.current);
      }
      inFlight.current?.abort();
    },
    [],
  );

  const failed = (controller: AbortController, problem: unknown) => {
    if (controller.signal.aborted || problem instanceof CancelledError) {
      return;
    }
    inFlight.current = null;
    setStatus({ kind: 'failed' });
  };

  const search = async (text: string) => {
    cancelTimer();
    const controller = start();
    setStatus({ kind: 'searching' });
    try {
      const found = await searchAddresses(text, { signal: controller.signal });
      if (controller.signal.aborted) {
        return;
      }
      inFlight.current = null;
      setSuggestions(found);
      setStatus(found.length > 0 ? { kind: 'found', count: found.length } : { kind: 'none' });
      if (document.activeElement === input.current) {
        combobox.showMatches();
      }
    } catch (problem) {
      failed(controller, problem);
    }
  };

  const choose = async (suggestion: GeocodeSuggestion) => {
    cancelTimer();
    const controller = start();
    setStatus({ kind: 'retrieving' });
    combobox.close();
    try {
      const retrieved = await retrieveSuggestion(suggestion.retrieve_url, { signal: controller.signal });
      if (controller.signal.aborted) {
        return;
      }
      inFlight.current = null;
      if (retrieved.kind === 'address') {
        setStatus({ kind: 'idle' });
        onAddress(retrieved.address);
        return;
      }
      // A postcode or street: its addresses become the list, the first one highlighted.
      setSuggestions(retrieved.suggestions);
      if (retrieved.suggestions.length === 0) {
        setStatus({ kind: 'none' });
        return;
      }
      setStatus({ kind: 'container', count: retrieved.suggestions.length, name: suggestion.name });
      combobox.openAt(0, 'down', retrieved.suggestions.length);
      combobox.focusInput();
    } catch (problem) {
      failed(controller, problem);
    }
  };

  const onType = (text: string) => {
    setQuery(text);
    cancelTimer();
    // What was asked before no longer matches the text: its answer is not wanted.
    supersede();
    setSuggestions([]);
    combobox.close();
    if (text.trim().length < GEOCODE_QUERY_MIN) {
      setStatus({ kind: 'idle' });
      return;
    }
    const searched = text.trim();
    timer.current = setTimeout(() => {
      timer.current = null;
      void search(searched);
    }, ADDRESS_SEARCH_DELAY_MS);
  };

  const searchable = query.trim().length >= GEOCODE_QUERY_MIN;
  const handlers: ComboboxKeyHandlers<GeocodeSuggestion> = {
    open: (direction) => {
      if (suggestions.length > 0) {
        combobox.openAt(-1, direction);
      } else if (searchable) {
        void search(query.trim());
      }
    },
    enter: (active) => {
      if (active !== undefined) {
        void choose(active);
      } else if (searchable) {
        void search(query.trim());
      }
    },
    escape: () => {
      cancelTimer();
      supersede();
      if (status.kind === 'searching' || status.kind === 'retrieving') {
        setStatus({ kind: 'idle' });
      }
    },
    // Typed text is the box's to settle: Enter searches (never submits the form), Escape stops.
    pending: query.trim() !== '',
  };

  const describedBy = [hintId, error ? errorId : '', status.kind === 'idle' ? '' : statusId]
    .filter(Boolean)
    .join(' ');

  return (
    <ComboboxField
      block="address-lookup"
      inputId={inputId}
      label={label}
      hint={hint}
      required={required}
      readOnly={false}
      message={error}
      wrapperRef={wrapper}
      onBlur={(event) => combobox.handleBlur(event, () => undefined)}
    >
      <div className={comboboxClass('address-lookup', 'control')}>
        <input
          ref={input}
          {...combobox.inputProps}
          id={inputId}
          type="text"
          className={comboboxClass('address-lookup', 'input')}
          value={query}
          maxLength={GEOCODE_QUERY_MAX}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-busy={status.kind === 'searching' || status.kind === 'retrieving' || undefined}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => combobox.handleKeyDown(event, handlers)}
        />
        <ComboboxListbox
          block="address-lookup"
          id={listboxId}
          labelledBy={labelId}
          expanded={combobox.expanded}
          items={suggestions}
          activeIndex={combobox.activeIndex}
          optionId={optionId}
          optionKey={(item) => `${suggestions.indexOf(item)}-${item.retrieve_url}`}
          isSelected={(item) => item === combobox.activeItem}
          onChoose={(item) => {
            void choose(item);
            combobox.focusInput();
          }}
        >
          {(item) => (
            <>
              <span>{item.name}</span>
              {item.type === 'address' ? null : (
                <span className="address-lookup__more" aria-hidden="true">
                  ›
                </span>
              )}
            </>
          )}
        </ComboboxListbox>
      </div>
      <p
        id={statusId}
        role="status"
        className={`address-lookup__status${status.kind === 'failed' ? ' address-lookup__status--failed' : ''}`}
      >
        {statusText(status)}
      </p>
    </ComboboxField>
  );
}
