import { addDays, differenceInCalendarDays, format, getDay } from 'date-fns';
import { parseIsoDate } from '../calendar-date.js';

/**
 * The residential booking rules (applicant-flow §4 booking picker, §5 booking range, §9), shared
 * by the date-range picker (to mark days it cannot offer) and the server (to refuse a submitted
 * booking). Dates are plain calendar dates `YYYY-MM-DD`; no time zone is involved.
 *
 * Terms:
 * - A stay runs from `start_date` (arrival) to `end_date` (departure). Its nights are the dates
 *   `start_date` … the day before `end_date`; its length is `end_date − start_date` nights.
 * - The changeover weekday that applies on a date comes from the team's changeover days whose
 *   period holds that date. A stay must start on the weekday that applies to its start date and
 *   end on the one that applies to its end date. When no changeover day applies to a date, any
 *   weekday is accepted there (a team that has not set changeover days takes arrivals any day).
 *
 * Capacity — "every night must have capacity above zero (changeover days count as 1); total
 * capacity at least the duration" — is read as follows:
 * - Per night: a night whose availability is known and is zero or less is full, and refuses the
 *   stay (`no-capacity`), whatever its weekday: a guest sleeps there, so a real bed is needed.
 * - Total: the nights' available capacities are added up, where a night on a changeover day
 *   counts as 1 (on a changeover day rooms turn over, so only one place is credited however many
 *   the figure shows) and a night with no known availability counts as 0. The total must be at
 *   least the number of nights (`insufficient-capacity`). Availability the picker has not loaded
 *   yet is therefore never reported as "no space" on a named night, yet cannot make a stay
 *   acceptable either. The server always knows every night, so there only `no-capacity` fires.
 */

/** A team's changeover weekday for a period; `end_date` null means open-ended. 0 Sunday … 6 Saturday. */
export type ChangeoverDay = { start_date: string; end_date: string | null; day_of_week: number };
/** Available places per night, keyed by the night's date `YYYY-MM-DD`. */
export type Availability = Record<string, { available_capacity: number }>;
/** A stay: `end_date` is the departure day. */
export type BookingRange = { start_date: string; end_date: string };
/** What the rules are checked against. `maxDate` null: no latest date. */
export type BookingContext = {
  changeoverDays: readonly ChangeoverDay[];
  availability: Availability;
  minDate: string;
  maxDate: string | null;
  durations: readonly number[];
};

export const DEFAULT_MIN_NIGHTS = 7;
export const DEFAULT_MAX_NIGHTS = 14;
/** Durations are whole weeks (§9). */
export const NIGHTS_PER_WEEK = 7;

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const ISO = 'yyyy-MM-dd';
const DISPLAY = 'dd/MM/yyyy';

function toDate(value: string): Date {
  // Not a date: an invalid Date, on which date-fns throws as it did on a failed parse.
  return parseIsoDate(value) ?? new Date(Number.NaN);
}

/** True for a real calendar date written `YYYY-MM-DD` (so 2026-02-30 is false). */
export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

/** The date `days` after `date` (negative: before), both `YYYY-MM-DD`. */
export function addDaysIso(date: string, days: number): string {
  return format(addDays(toDate(date), days), ISO);
}

/** `YYYY-MM-DD` shown as `DD/MM/YYYY` (§9). */
export function displayDate(date: string): string {
  return format(toDate(date), DISPLAY);
}

/** The weekday of a date, 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  return getDay(toDate(date));
}

/**
 * The duration choices in nights: multiples of 7 between the minimum (default 7) and the
 * maximum (default 14), smallest first; the first is the default. A maximum below the minimum
 * is raised to it, so there is always at least one choice (the minimum rounded up to a week).
 */
export function durationOptions(minNights?: number | null, maxNights?: number | null): number[] {
  const min = Math.max(minNights ?? DEFAULT_MIN_NIGHTS, 1);
  const first = Math.ceil(min / NIGHTS_PER_WEEK) * NIGHTS_PER_WEEK;
  const last = Math.max(maxNights ?? DEFAULT_MAX_NIGHTS, first);
  const options: number[] = [];
  for (let nights = first; nights <= last; nights += NIGHTS_PER_WEEK) {
    options.push(nights);
  }
  return options;
}

/** Nights between arrival and departure (`end − start`; negative when the end comes first). */
export function nightsBetween(start: string, end: string): number {
  return differenceInCalendarDays(toDate(end), toDate(start));
}

/**
 * The first date a stay may start on. By default "the end of tomorrow": tomorrow is over before a
 * stay starting on it could be arranged, so the first bookable date is the day after tomorrow.
 * A given date (the opportunity's own earliest date) replaces the default, but is never earlier
 * than tomorrow: nobody can book a stay starting today or in the past.
 */
export function earliestBookableDate(today: string, given?: string | null): string {
  if (given) {
    const tomorrow = addDaysIso(today, 1);
    return given < tomorrow ? tomorrow : given;
  }
  return addDaysIso(today, 2);
}

/**
 * The changeover weekday (0 Sunday … 6 Saturday) that applies on `date`: the one of the changeover
 * days whose period holds the date. When periods overlap, the one that started latest wins (it is
 * the more recent arrangement). Null when none applies: then any weekday is accepted.
 */
export function changeoverWeekdayOn(date: string, days: readonly ChangeoverDay[]): number | null {
  let found: ChangeoverDay | null = null;
  for (const day of days) {
    if (day.start_date > date) {
      continue;
    }
    if (day.end_date !== null && day.end_date < date) {
      continue;
    }
    if (found === null || day.start_date >= found.start_date) {
      found = day;
    }
  }
  return found === null ? null : found.day_of_week;
}

/** True when `date` is the changeover weekday that applies to it. */
function isChangeoverDay(date: string, days: readonly ChangeoverDay[]): boolean {
  return changeoverWeekdayOn(date, days) === weekdayOf(date);
}

export type BookingRuleFailure = {
  field: 'start_date' | 'end_date';
  rule:
    | 'order'
    | 'changeover-start'
    | 'changeover-end'
    | 'before-minimum'
    | 'after-maximum'
    | 'duration'
    | 'no-capacity'
    | 'insufficient-capacity';
  message: string;
};

/** "7 nights", "7 or 14 nights", "7, 14 or 21 nights". */
function durationList(durations: readonly number[]): string {
  const sorted = [...durations].sort((a, b) => a - b);
  const last = sorted.pop();
  if (last === undefined) {
    return 'a whole number of weeks';
  }
  const head = sorted.length > 0 ? `${sorted.join(', ')} or ` : '';
  return `${head}${last} ${last === 1 ? 'night' : 'nights'}`;
}

/**
 * The first rule the range breaks, with the field to show it at and a sentence for the applicant,
 * or null when the range is acceptable. Rules in order: end after start; start on the changeover
 * weekday; end on the changeover weekday; start not before the minimum date; start and end not
 * after the maximum date; length one of the durations; no full night; enough capacity in total
 * (see the file comment for how capacity is read). Both dates must be real `YYYY-MM-DD` dates;
 * the schema checks that before the rules run.
 */
export function checkBookingRange(range: BookingRange, context: BookingContext): BookingRuleFailure | null {
  const { start_date: start, end_date: end } = range;
  const nights = nightsBetween(start, end);
  if (nights <= 0) {
    return { field: 'end_date', rule: 'order', message: 'Your stay must end after the day it starts.' };
  }
  const startWeekday = changeoverWeekdayOn(start, context.changeoverDays);
  if (startWeekday !== null && weekdayOf(start) !== startWeekday) {
    return {
      field: 'start_date',
      rule: 'changeover-start',
      message: `Your stay must start on a ${WEEKDAY_NAMES[startWeekday]}.`,
    };
  }
  const endWeekday = changeoverWeekdayOn(end, context.changeoverDays);
  if (endWeekday !== null && weekdayOf(end) !== endWeekday) {
    return {
      field: 'end_date',
      rule: 'changeover-end',
      message: `Your stay must end on a ${WEEKDAY_NAMES[endWeekday]}.`,
    };
  }
  if (start < context.minDate) {
    return {
      field: 'start_date',
      rule: 'before-minimum',
      message: `Your stay cannot start before ${displayDate(context.minDate)}.`,
    };
  }
  if (context.maxDate !== null && start > context.maxDate) {
    return {
      field: 'start_date',
      rule: 'after-maximum',
      message: `Your stay cannot start after ${displayDate(context.maxDate)}.`,
    };
  }
  if (context.maxDate !== null && end > context.maxDate) {
    return {
      field: 'end_date',
      rule: 'after-maximum',
      message: `Your stay must end by ${displayDate(context.maxDate)}.`,
    };
  }
  if (!context.durations.includes(nights)) {
    return {
      field: 'end_date',
      rule: 'duration',
      message: `Your stay must be ${durationList(context.durations)}.`,
    };
  }
  let total = 0;
  for (let offset = 0; offset < nights; offset += 1) {
    const night = addDaysIso(start, offset);
    const known = context.availability[night];
    if (known !== undefined && known.available_capacity <= 0) {
      return {
        field: 'start_date',
        rule: 'no-capacity',
        message: `There is no space left on the night of ${displayDate(night)}.`,
      };
    }
    if (isChangeoverDay(night, context.changeoverDays)) {
      total += 1;
    } else {
      total += known?.available_capacity ?? 0;
    }
  }
  if (total < nights) {
    return {
      field: 'start_date',
      rule: 'insufficient-capacity',
      message: `There is not enough space left between ${displayDate(start)} and ${displayDate(end)}.`,
    };
  }
  return null;
}

/** What bounds a stay at an opportunity whatever the team's data: its first and last dates and durations. */
export type BookingBounds = Pick<BookingContext, 'minDate' | 'maxDate' | 'durations'>;

/**
 * The bounds of a stay at an opportunity: the earliest bookable date (from `today` and the
 * opportunity's start date), the opportunity's end date as the latest, and the durations of its
 * first time slot (`minNights`, `maxNights`; 7 and 14 by default).
 */
export function bookingBounds(input: {
  today: string;
  startDate?: string | null;
  endDate?: string | null;
  minNights?: number | null;
  maxNights?: number | null;
}): BookingBounds {
  return {
    minDate: earliestBookableDate(input.today, input.startDate),
    maxDate: input.endDate ?? null,
    durations: durationOptions(input.minNights, input.maxNights),
  };
}

/** Everything a stay is judged against but availability: changeover days, first and last dates, durations. */
export type BookingCalendar = Omit<BookingContext, 'availability'>;

const CAPACITY_RULES: ReadonlySet<BookingRuleFailure['rule']> = new Set([
  'no-capacity',
  'insufficient-capacity',
]);

/**
 * The first rule of {@link checkBookingRange} the range breaks, availability left aside (end
 * after start, changeover weekdays, first and last dates, durations), or null. Without a
 * `calendar` only the order is judged. Capacity is for whoever knows the team's availability.
 */
export function checkBookingDates(
  range: BookingRange,
  calendar?: BookingCalendar | null,
): BookingRuleFailure | null {
  const failure = checkBookingRange(range, {
    changeoverDays: calendar?.changeoverDays ?? [],
    // No night is known: the capacity rules cannot pass, and are not judged here.
    availability: {},
    minDate: calendar?.minDate ?? range.start_date,
    maxDate: calendar?.maxDate ?? null,
    durations: calendar?.durations ?? [nightsBetween(range.start_date, range.end_date)],
  });
  return failure !== null && !CAPACITY_RULES.has(failure.rule) ? failure : null;
}

/**
 * True when some stay of one of the allowed durations can start on `date` (for marking picker
 * days unavailable as a start).
 */
export function canStartOn(date: string, context: BookingContext): boolean {
  return context.durations.some(
    (nights) => checkBookingRange({ start_date: date, end_date: addDaysIso(date, nights) }, context) === null,
  );
}

/** True when a stay from `start` may end on `date` (for marking picker days unavailable as an end). */
export function canEndOn(start: string, date: string, context: BookingContext): boolean {
  return checkBookingRange({ start_date: start, end_date: date }, context) === null;
}
