import {
  addDaysIso,
  type BookingContext,
  type BookingRange,
  checkBookingRange,
  durationOptions,
  earliestBookableDate,
  nightsBetween,
} from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import {
  findOverlappingBooking,
  insertBooking,
  listChangeoverDays,
  lockTeam,
  type NewBooking,
  nightlyAvailability,
} from './repository.js';

/** The sentence of the existing-booking screen (applicant-flow §2.11). */
export const EXISTING_BOOKING_MESSAGE = 'You have an existing booking for the selected dates';

/** Where a booking is made and what bounds it: the opportunity's team, dates and durations. */
export type BookingPlace = {
  organisationId: number;
  teamId: number;
  /** Today in the organisation's time zone (YYYY-MM-DD). */
  today: string;
  /** The opportunity's start and end dates: the earliest bookable date and the latest date. */
  opportunityStart: string | null;
  opportunityEnd: string | null;
  /** The first time slot's `min_duration` and `max_duration` in nights. */
  minNights: number | null;
  maxNights: number | null;
};

/** The booking as the form sends it, after its structural checks. */
export type BookingRequest = BookingRange & {
  willingToShare: boolean;
  requirementsRadio: boolean;
  requirements: string | null;
  genderId: number;
  linked: readonly string[];
};

function rulesError(
  field: 'start_date' | 'end_date',
  message: string,
  extra?: Record<string, unknown>,
): HttpError {
  return new HttpError(
    422,
    'The given data was invalid.',
    { [`booking.${field}`]: [message] },
    undefined,
    extra,
  );
}

/**
 * Checks the range against the team's changeover days, the opportunity's dates and durations
 * and the team's availability for this guest (docs/residential.md). Availability is only read
 * when every other rule holds, and only for the stay's own nights. Throws a 422 at
 * `booking.start_date` or `booking.end_date` with the rule's sentence.
 */
export async function assertBookingRules(
  db: Executor,
  place: BookingPlace,
  booking: BookingRange & { willingToShare: boolean },
): Promise<void> {
  const context: BookingContext = {
    changeoverDays: await listChangeoverDays(db, place.organisationId, place.teamId),
    availability: {},
    minDate: earliestBookableDate(place.today, place.opportunityStart),
    maxDate: place.opportunityEnd,
    durations: durationOptions(place.minNights, place.maxNights),
  };
  const range = { start_date: booking.start_date, end_date: booking.end_date };
  let failure = checkBookingRange(range, context);
  if (failure === null || failure.rule === 'insufficient-capacity') {
    const lastNight = addDaysIso(range.start_date, nightsBetween(range.start_date, range.end_date) - 1);
    context.availability = await nightlyAvailability(
      db,
      place.organisationId,
      place.teamId,
      range.start_date,
      lastNight,
      booking.willingToShare,
    );
    failure = checkBookingRange(range, context);
  }
  if (failure) {
    throw rulesError(failure.field, failure.message);
  }
}

/**
 * Refuses a stay sharing a night with one of the applicant's bookings that is not cancelled:
 * 422 at `booking.start_date`, with that booking as `existing_booking` so the form can show it.
 */
export async function assertNoOverlap(
  db: Executor,
  organisationId: number,
  userId: number,
  range: BookingRange,
): Promise<void> {
  const existing = await findOverlappingBooking(db, organisationId, userId, range.start_date, range.end_date);
  if (existing) {
    throw rulesError('start_date', EXISTING_BOOKING_MESSAGE, { existing_booking: existing });
  }
}

/**
 * Takes the booking inside the submit's transaction. The team row is locked first, so bookings at
 * one team are taken one after another: the rules (capacity above all) and the overlap are checked
 * again under the lock, and of two applicants racing for the last place the second is refused with
 * the same 422 as if they had come later. Answers the booking id.
 */
export async function takeBooking(
  tx: Executor,
  place: BookingPlace,
  input: { userId: number; applicationId: number | null; booking: BookingRequest },
): Promise<number> {
  const { booking } = input;
  if (!(await lockTeam(tx, place.organisationId, place.teamId))) {
    throw new HttpError(404, 'This team does not exist.');
  }
  await assertNoOverlap(tx, place.organisationId, input.userId, booking);
  await assertBookingRules(tx, place, booking);
  const row: NewBooking = {
    userId: input.userId,
    applicationId: input.applicationId,
    teamId: place.teamId,
    startDate: booking.start_date,
    endDate: booking.end_date,
    willingToShare: booking.willingToShare,
    requirementsRadio: booking.requirementsRadio,
    requirements: booking.requirementsRadio ? booking.requirements : null,
    genderId: booking.genderId,
    linked: booking.linked,
  };
  return insertBooking(tx, place.organisationId, row);
}
