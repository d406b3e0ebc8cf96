import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DayPicker, type DayButtonProps, type Labels, type Modifiers } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { format, parseISO, startOfMonth } from 'date-fns';
import {
  displayDate,
  durationOptions,
  isIsoDate,
  earliestBookableDate,
  nightsBetween,
  type BookingContext,
} from '@muster/contract';
import { Spinner } from '../spinner/spinner';
import { isUnavailable, pickDay, type BookingSelection } from './booking-selection';
import { useBookingData } from './use-booking-data';
import './booking-date-range-picker.css';

export type { BookingSelection } from './booking-selection';

export type BookingDateRangePickerProps = {
  /** The team whose changeover days and availability apply. */
  teamId: number;
  value: BookingSelection;
  /** Receives an accepted range, a change of the share choice, or cleared dates. */
  onChange: (value: BookingSelection) => void;
  /** The legend of the picker. */
  label?: string;
  hint?: string;
  /** A message from the form or the server, shown above the calendar. */
  error?: string;
  /** Ids of text outside the picker that describes it (a form's message about the dates). */
  describedBy?: string;
  required?: boolean;
  /** Shortest stay in nights (default 7) and longest (default 14): the choices are the weeks between. */
  minDuration?: number | null;
  maxDuration?: number | null;
  /** The first date a stay may start; by default the day after tomorrow ("the end of tomorrow"). */
  minDate?: string | null;
  /** The last date a stay may start or end on; none by default. */
  maxDate?: string | null;
  /** `inline` (default) shows the calendar in place; `dropdown` behind a button, closed by OK or a click outside. */
  display?: 'inline' | 'dropdown';
  /** The text of the dropdown's button. */
  toggleLabel?: string;
  /** Today `YYYY-MM-DD`; the browser's date by default. */
  today?: string;
  id?: string;
};

type Message = { tone: 'error' | 'status'; text: string };

const ISO = 'yyyy-MM-dd';
const iso = (date: Date) => format(date, ISO);

/** Day names read as "Saturday 5 December 2026, unavailable" where the day cannot be picked. */
const LABELS: Partial<Labels> = {
  labelDayButton: (date: Date, modifiers: Modifiers) => {
    let label = format(date, 'EEEE d MMMM yyyy');
    if (modifiers.today) {
      label = `Today, ${label}`;
    }
    if (modifiers.selected) {
      label = `${label}, selected`;
    }
    if (modifiers.unavailable) {
      label = `${label}, unavailable`;
    }
    return label;
  },
};

/**
 * react-day-picker's own day button, focusing itself in a layout effect rather than a passive one.
 *
 * Why: its `DayButton` calls `focus()` from `useEffect`, and the focus events set the picker's
 * focused day. In the browser build (Preact) a component's pending passive effects run when it
 * renders again, not all together: two arrow presses within one frame left two buttons each with a
 * stale "focus me" effect, and each focus re-armed the other's, a loop that never let the page
 * paint. A layout effect runs in the same commit as the render that asked for it, so focus follows
 * each press before the next one arrives, on Preact and React alike.
 */
function FocusingDayButton({ day: _day, modifiers, ...buttonProps }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const focused = modifiers.focused === true;
  useLayoutEffect(() => {
    if (focused) {
      ref.current?.focus();
    }
  }, [focused]);
  return <button ref={ref} {...buttonProps} />;
}

/**
 * A day that cannot be picked stays focusable (so the keyboard can move through it) but says it
 * is unavailable: aria-disabled rather than disabled, which react-day-picker would skip.
 */
function BookingDayButton(props: DayButtonProps) {
  const unavailable = props.modifiers.unavailable === true;
  return <FocusingDayButton {...props} aria-disabled={unavailable || props['aria-disabled'] || undefined} />;
}

const COMPONENTS = { DayButton: BookingDayButton };
const MODIFIER_CLASSES = { unavailable: 'booking-picker__day--unavailable' };

/** The duration the value's range has, when it is one of the choices; else the first choice. */
function initialDuration(value: BookingSelection, options: readonly number[]): number {
  if (value.start_date && value.end_date) {
    const nights = nightsBetween(value.start_date, value.end_date);
    if (options.includes(nights)) {
      return nights;
    }
  }
  return options[0] ?? 7;
}

/**
 * The booking date-range picker (applicant-flow §1, §4, §9): two months (side by side from 768 px,
 * stacked below), weeks from Monday; a duration choice (buttons for up to two, a select beyond)
 * and a "willing to share" box; the start date is picked first, then the end. Days the booking
 * rules refuse look and read as unavailable; a refused pick is explained in a live region; only a
 * range the rules accept is emitted, clearing always is. Disabled until the team's changeover days
 * and availability have loaded; a month change reloads availability, cancelling the request in flight.
 */
export function BookingDateRangePicker({
  teamId,
  value,
  onChange,
  label = 'Your stay',
  hint,
  error,
  required = false,
  minDuration,
  maxDuration,
  minDate: givenMinDate,
  maxDate = null,
  display = 'inline',
  toggleLabel = 'Choose dates',
  today = iso(new Date()),
  id,
  describedBy,
}: BookingDateRangePickerProps) {
  const generatedId = useId();
  // A date that is not a real YYYY-MM-DD (a hand-edited address) counts as not chosen.
  const valueStart = value.start_date && isIsoDate(value.start_date) ? value.start_date : null;
  const valueEnd = value.end_date && isIsoDate(value.end_date) ? value.end_date : null;
  const baseId = id ?? `booking-picker-${generatedId.replace(/:/g, '')}`;
  const durations = useMemo(() => durationOptions(minDuration, maxDuration), [minDuration, maxDuration]);
  const [duration, setDuration] = useState(() => initialDuration(value, durations));
  const minDate = earliestBookableDate(today, givenMinDate);
  const [month, setMonth] = useState(() => startOfMonth(parseISO(valueStart ?? minDate)));
  const [pendingStart, setPendingStart] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const data = useBookingData(teamId, month, value.willing_to_share);
  const chosenDuration = durations.includes(duration) ? duration : (durations[0] ?? duration);

  const context: BookingContext = useMemo(
    () => ({
      changeoverDays: data.changeoverDays ?? [],
      availability: data.availability,
      minDate,
      maxDate,
      durations: [chosenDuration],
    }),
    [data.changeoverDays, data.availability, minDate, maxDate, chosenDuration],
  );

  useEffect(() => {
    if (!open) {
      return undefined;
    }
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) {
        setOpen(false);
        setPendingStart(null);
        setMessage(null);
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const hasDates = valueStart !== null || valueEnd !== null;

  const clearDates = (willingToShare: boolean, reason: string | null) => {
    setPendingStart(null);
    setMessage(reason ? { tone: 'status', text: reason } : null);
    if (hasDates || willingToShare !== value.willing_to_share) {
      onChange({ start_date: null, end_date: null, willing_to_share: willingToShare });
    }
  };

  const chooseDuration = (nights: number) => {
    if (nights === chosenDuration) {
      return;
    }
    setDuration(nights);
    clearDates(value.willing_to_share, hasDates || pendingStart ? 'Your dates have been cleared.' : null);
  };

  const changeShare = (willingToShare: boolean) => {
    if (willingToShare) {
      // More rooms can only make more stays possible: the dates stay.
      onChange({ ...value, willing_to_share: true });
      return;
    }
    clearDates(false, hasDates || pendingStart ? 'Your dates have been cleared.' : null);
  };

  const onDayPicked = (date: Date) => {
    if (!data.ready) {
      return;
    }
    const outcome = pickDay(iso(date), pendingStart, context);
    switch (outcome.kind) {
      case 'start':
        setPendingStart(outcome.start);
        setMessage({
          tone: 'status',
          text: `Start date ${displayDate(outcome.start)}. Now choose your end date.`,
        });
        break;
      case 'start-cleared':
        setPendingStart(null);
        setMessage({ tone: 'status', text: 'Start date removed. Choose your start date.' });
        break;
      case 'range':
        setPendingStart(null);
        setMessage({
          tone: 'status',
          text: `Your stay: ${displayDate(outcome.range.start_date)} to ${displayDate(outcome.range.end_date)}, ${nightsBetween(outcome.range.start_date, outcome.range.end_date)} nights.`,
        });
        onChange({ ...outcome.range, willing_to_share: value.willing_to_share });
        break;
      case 'refused':
        setMessage({ tone: 'error', text: outcome.message });
        break;
    }
  };

  const unavailable = (date: Date) => data.ready && isUnavailable(iso(date), pendingStart, context);
  const shownStart = pendingStart ?? valueStart;
  const shownEnd = pendingStart ? null : valueEnd;
  const selected = shownStart
    ? { from: parseISO(shownStart), to: shownEnd ? parseISO(shownEnd) : undefined }
    : undefined;
  const choosingEnd = pendingStart !== null;
  const errorId = `${baseId}-error`;
  const hintId = `${baseId}-hint`;
  const messageId = `${baseId}-message`;
  const durationLabelId = `${baseId}-duration`;

  const durationControl =
    durations.length <= 2 ? (
      <div className="booking-picker__durations" role="group" aria-labelledby={durationLabelId}>
        <span id={durationLabelId} className="booking-picker__control-label">
          Length of stay
        </span>
        <div className="booking-picker__duration-buttons">
          {durations.map((nights) => (
            <button
              key={nights}
              type="button"
              className="booking-picker__duration"
              aria-pressed={nights === chosenDuration}
              onClick={() => chooseDuration(nights)}
            >
              {nights} nights
            </button>
          ))}
        </div>
      </div>
    ) : (
      <div className="booking-picker__durations">
        <label htmlFor={`${baseId}-duration-select`} className="booking-picker__control-label">
          Length of stay
        </label>
        <select
          id={`${baseId}-duration-select`}
          className="booking-picker__select"
          value={chosenDuration}
          onChange={(event) => chooseDuration(Number(event.target.value))}
        >
          {durations.map((nights) => (
            <option key={nights} value={nights}>
              {nights} nights
            </option>
          ))}
        </select>
      </div>
    );

  const body = (
    <fieldset
      className="booking-picker__fieldset"
      aria-describedby={
        [describedBy ?? '', hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
      }
    >
      <legend className="booking-picker__legend">
        {label}
        {required ? (
          <span className="booking-picker__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      {hint ? (
        <p id={hintId} className="booking-picker__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="booking-picker__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <div className="booking-picker__controls">
        {durationControl}
        <div className="booking-picker__share">
          <input
            id={`${baseId}-share`}
            type="checkbox"
            checked={value.willing_to_share}
            onChange={(event) => changeShare(event.target.checked)}
          />
          <label htmlFor={`${baseId}-share`}>I am willing to share a room</label>
        </div>
      </div>
      <dl className="booking-picker__dates">
        <div className={`booking-picker__date${!choosingEnd ? ' booking-picker__date--active' : ''}`}>
          <dt>Start date</dt>
          <dd>{shownStart ? displayDate(shownStart) : 'Not chosen'}</dd>
        </div>
        <div className={`booking-picker__date${choosingEnd ? ' booking-picker__date--active' : ''}`}>
          <dt>End date</dt>
          <dd>{shownEnd ? displayDate(shownEnd) : 'Not chosen'}</dd>
        </div>
      </dl>
      <p className="booking-picker__prompt">
        {choosingEnd ? 'Choose your end date.' : 'Choose your start date.'}
      </p>
      {data.failed ? (
        <p className="booking-picker__error" role="alert">
          Availability could not be loaded.{' '}
          <button type="button" className="booking-picker__link-button" onClick={data.retry}>
            Try again
          </button>
        </p>
      ) : null}
      {data.loading ? <Spinner label="Loading availability…" showLabel size="small" /> : null}
      <div
        className={`booking-picker__calendar${data.ready ? '' : ' booking-picker__calendar--loading'}`}
        aria-busy={data.loading || undefined}
      >
        <DayPicker
          // Mounted again once the data first arrives, so that a dropdown's calendar takes focus then.
          key={data.loadedOnce ? 'loaded' : 'loading'}
          mode="range"
          locale={enGB}
          weekStartsOn={1}
          numberOfMonths={2}
          month={month}
          onMonthChange={(next) => setMonth(startOfMonth(next))}
          startMonth={startOfMonth(parseISO(minDate))}
          endMonth={maxDate ? startOfMonth(parseISO(maxDate)) : undefined}
          today={parseISO(today)}
          selected={selected}
          onSelect={(_range, triggerDate) => onDayPicked(triggerDate)}
          disabled={data.ready ? undefined : true}
          modifiers={{ unavailable }}
          modifiersClassNames={MODIFIER_CLASSES}
          components={COMPONENTS}
          labels={LABELS}
          autoFocus={display === 'dropdown'}
        />
      </div>
      <div id={messageId} className="booking-picker__live" aria-live="polite" aria-atomic="true">
        {message ? (
          <p className={message.tone === 'error' ? 'booking-picker__error' : 'booking-picker__status'}>
            {message.text}
          </p>
        ) : null}
      </div>
      {hasDates || pendingStart ? (
        <button
          type="button"
          className="booking-picker__link-button"
          onClick={() => clearDates(value.willing_to_share, 'Your dates have been cleared.')}
        >
          Clear dates
        </button>
      ) : null}
    </fieldset>
  );

  const classes = ['booking-picker', error ? 'booking-picker--error' : ''].filter(Boolean).join(' ');
  if (display === 'inline') {
    return (
      <div className={classes} id={baseId} ref={rootRef}>
        {body}
      </div>
    );
  }
  const close = () => {
    setOpen(false);
    setPendingStart(null);
    setMessage(null);
    toggleRef.current?.focus();
  };
  return (
    <div className={`${classes} booking-picker--dropdown`} ref={rootRef}>
      <button
        ref={toggleRef}
        id={baseId}
        type="button"
        className="booking-picker__toggle"
        aria-expanded={open}
        aria-controls={`${baseId}-panel`}
        aria-describedby={describedBy}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {toggleLabel}
      </button>
      {open ? (
        <div
          id={`${baseId}-panel`}
          className="booking-picker__panel"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
        >
          {body}
          <button type="button" className="booking-picker__ok" onClick={close}>
            OK
          </button>
        </div>
      ) : null}
    </div>
  );
}
