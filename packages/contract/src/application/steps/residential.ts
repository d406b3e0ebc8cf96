import { checkBookingDates, type BookingRange } from '../../residential/booking-rules.js';
import {
  hasStep,
  INVALID,
  isBlank,
  isRealIsoDate,
  LONG_TEXT_MAX,
  NAME_MAX,
  readFlag,
  readId,
  readList,
  readObject,
  readText,
  type Issues,
  type StepReadContext,
} from '../read.js';

/*
 * The residential step (applicant-flow §2.8, §3.1, §5): the time slots chosen and the booking —
 * the stay's dates, sharing, gender identity, anything else to know and linked applications. The
 * booking rules but capacity (order, changeover weekdays, first and last dates, durations) are
 * judged here when the options give the calendar; capacity and the applicant's own bookings are
 * judged by the server's residential step.
 */

/** Gender identity on the residential step: 1 Prefer not to say, 2 Man, 3 Woman, 4 Other. */
export const BOOKING_GENDER_IDS = [1, 2, 3, 4] as const;
/** Most linked applications (names of people travelling together) one booking may list. */
export const MAX_LINKED_NAMES = 20;

/** Sentences of the booking fields. */
export const bookingMessages = {
  startRequired: 'Please choose the date your stay starts',
  endRequired: 'Please choose the date your stay ends',
  invalidDate: 'Please enter a valid date',
  optionRequired: 'Please select an option',
  invalidOption: 'Please select a valid option',
  requirementsRequired: 'Please tell us what we should know',
  tooManyLinked: `At most ${MAX_LINKED_NAMES} linked applications can be added`,
} as const;

/** The booking as submitted and read. */
export type SubmittedBooking = {
  /**
   * The stay, arrival to departure (`YYYY-MM-DD`). Null only when an application key completes
   * the form without dates: the form does not offer the picker then, and the server keeps the
   * booking the application holds.
   */
  range: BookingRange | null;
  willingToShare: boolean;
  /** One of {@link BOOKING_GENDER_IDS}. */
  genderId: number;
  /** "Is there anything else we should know?" */
  requirementsRadio: boolean;
  /** What to know; null unless `requirementsRadio`. */
  requirements: string | null;
  /** Names of people applying together, trimmed, without blanks or repeats. */
  linked: string[];
};

export type ResidentialPart = {
  /** Chosen time slot ids, without repeats. */
  timeslotIds: number[];
  /** Null when the form has no residential step. */
  booking: SubmittedBooking | null;
};

/** The body fields this step owns, with their descriptions. */
export const residentialFields = {
  timeslot_ids: 'Chosen time slot ids.',
  booking:
    'The residential stay, required when the form has a residential step: start_date and end_date ' +
    '(YYYY-MM-DD; the departure day; optional with an application key), willing_to_share (1/0), ' +
    'gender_id (1 Prefer not to say, 2 Man, 3 Woman, 4 Other), requirements_radio (yes/no), ' +
    `requirements (required with yes), linked[] (names, at most ${MAX_LINKED_NAMES}). Refused dates ` +
    'are answered at booking.start_date or booking.end_date with the broken rule; an overlap with ' +
    'the applicant’s own booking also carries existing_booking.',
} as const;

/** Reads the time slots and, when the form has a residential step, the booking. */
export function readResidential(context: StepReadContext): ResidentialPart {
  return {
    timeslotIds: readTimeslots(context),
    booking: hasStep(context.sections, 'residential') ? readBooking(context) : null,
  };
}

/** The chosen time slots; with `options.timeslotIds`, each must be one of the opportunity's. */
function readTimeslots({ issues, raw, options }: StepReadContext): number[] {
  const allowed = options.timeslotIds;
  const ids: number[] = [];
  for (const value of readList(issues, ['timeslot_ids'], raw.timeslot_ids)) {
    const id = readId(value);
    if (id === null) {
      continue;
    }
    if (id === 'invalid' || (allowed && !allowed.includes(id))) {
      issues.add(['timeslot_ids'], 'Please select a valid time slot');
      return [];
    }
    if (!ids.includes(id)) {
      ids.push(id);
    }
  }
  return ids;
}

/** A date field of the booking: a real `YYYY-MM-DD`; null when blank or wrong (then reported unless blank). */
function readDate(
  issues: Issues,
  field: 'start_date' | 'end_date',
  value: unknown,
): string | null | typeof INVALID {
  if (isBlank(value)) {
    return null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (!isRealIsoDate(text)) {
    issues.add(['booking', field], bookingMessages.invalidDate);
    return INVALID;
  }
  return text;
}

/**
 * The stay's dates: both required (with an application key both may be left out), real, and
 * passing the rules of `options.bookingCalendar` when given. Undefined when they are wrong.
 */
function readRange(
  { issues, options }: StepReadContext,
  booking: Record<string, unknown>,
): BookingRange | null | undefined {
  const start = readDate(issues, 'start_date', booking.start_date);
  const end = readDate(issues, 'end_date', booking.end_date);
  if (start === null && end === null && options.hasApplicationKey) {
    return null;
  }
  if (start === null) {
    issues.add(['booking', 'start_date'], bookingMessages.startRequired);
  }
  if (end === null) {
    issues.add(['booking', 'end_date'], bookingMessages.endRequired);
  }
  if (start === null || end === null || start === INVALID || end === INVALID) {
    return undefined;
  }
  const range = { start_date: start, end_date: end };
  const failure = checkBookingDates(range, options.bookingCalendar);
  if (failure) {
    issues.add(['booking', failure.field], failure.message);
    return undefined;
  }
  return range;
}

/** The linked names: trimmed, blanks and repeats (ignoring case) left out, each and all bounded. */
function readLinked(issues: Issues, value: unknown): string[] | undefined {
  const entries = readList(issues, ['booking', 'linked'], value);
  const names: string[] = [];
  let ok = true;
  for (const entry of entries) {
    const name = readText(issues, ['booking', 'linked'], entry, NAME_MAX);
    if (name === null) {
      ok &&= isBlank(entry);
      continue;
    }
    if (!names.some((known) => known.toLowerCase() === name.toLowerCase())) {
      names.push(name);
    }
  }
  if (names.length > MAX_LINKED_NAMES) {
    issues.add(['booking', 'linked'], bookingMessages.tooManyLinked);
    return undefined;
  }
  return ok ? names : undefined;
}

/**
 * The booking: its dates (see {@link readRange}), sharing (no by default), gender identity (1-4,
 * required), anything else to know (yes/no required; the text required with yes), linked names.
 * Null when something is wrong: the issues say what, and the schema fails.
 */
function readBooking(context: StepReadContext): SubmittedBooking | null {
  const { issues, raw } = context;
  const booking = readObject(raw.booking) ?? {};
  const range = readRange(context, booking);

  const share = readFlag(booking.willing_to_share);
  if (share === 'invalid') {
    issues.add(['booking', 'willing_to_share'], bookingMessages.invalidOption);
  }

  const gender = readId(booking.gender_id);
  const genderId =
    typeof gender === 'number' && (BOOKING_GENDER_IDS as readonly number[]).includes(gender) ? gender : null;
  if (genderId === null) {
    issues.add(
      ['booking', 'gender_id'],
      gender === null ? bookingMessages.optionRequired : bookingMessages.invalidOption,
    );
  }

  const radio = readFlag(booking.requirements_radio);
  if (radio === undefined || radio === 'invalid') {
    issues.add(['booking', 'requirements_radio'], bookingMessages.optionRequired);
  }
  const text = readText(issues, ['booking', 'requirements'], booking.requirements, LONG_TEXT_MAX);
  if (radio === true && text === null && isBlank(booking.requirements)) {
    issues.add(['booking', 'requirements'], bookingMessages.requirementsRequired);
  }

  const linked = readLinked(issues, booking.linked);

  if (
    range === undefined ||
    share === 'invalid' ||
    genderId === null ||
    typeof radio !== 'boolean' ||
    (radio && text === null) ||
    linked === undefined
  ) {
    return null;
  }
  return {
    range,
    willingToShare: share ?? false,
    genderId,
    requirementsRadio: radio,
    requirements: radio ? text : null,
    linked,
  };
}
