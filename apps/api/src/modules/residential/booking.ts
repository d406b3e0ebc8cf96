import {
  addDaysIso,
  bookingBounds,
  type BookingCalendar,
  type BookingContext,
  type BookingRange,
  checkBookingRange,
  nightsBetween,
  type ResidentialBookingSummary,
} from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import {
  findOverlappingBooking,
  insertBooking,
  listChangeoverDays,
  lockTeam,
  lockUser,
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

/** The first time slot of an opportunity's first sub-location: the one whose durations a stay takes (as the form does). */
export function firstTimeslot<
  Slot extends { subLocationId: number; minDuration: number | null; maxDuration: number | null },
>(subLocations: { locations: ReadonlyArray<{ id: number }>; slots: readonly Slot[] }): Slot | null {
  const first = subLocations.locations[0];
  return first ? (subLocations.slots.find((slot) => slot.subLocationId === first.id) ?? null) : null;
}

/** The place of a stay at an opportunity: its team, its dates and its first time slot's durations. */
export function bookingPlaceOf(input: {
  organisationId: number;
  opportunity: { teamId: number; startDate: string | null; endDate: string | null };
  today: string;
  slot: { minDuration: number | null; maxDuration: number | null } | null;
}): BookingPlace {
  return {
    organisationId: input.organisationId,
    teamId: input.opportunity.teamId,
    today: input.today,
    opportunityStart: input.opportunity.startDate,
    opportunityEnd: input.opportunity.endDate,
    minNights: input.slot?.minDuration ?? null,
    maxNights: input.slot?.maxDuration ?? null,
  };
}

/**
 * What a stay at the place is judged against but availability: the team's changeover days, the
 * first and last dates and the durations. The form schema judges the dates with it too.
 */
export async function loadBookingCalendar(db: Executor, place: BookingPlace): Promise<BookingCalendar> {
  return {
    changeoverDays: await listChangeoverDays(db, place.organisationId, place.teamId),
    ...bookingBounds({
      today: place.today,
      startDate: place.opportunityStart,
      endDate: place.opportunityEnd,
      minNights: place.minNights,
      maxNights: place.maxNights,
    }),
  };
}

/** A 422 at `booking.start_date` or `booking.end_date`, with extra fields for the answer. */
export function bookingDatesError(
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
  const context: BookingContext = { ...(await loadBookingCalendar(db, place)), availability: {} };
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
    throw bookingDatesError(failure.field, failure.message);
  }
}

/**
 * Refuses a stay sharing a night with one of the applicant's bookings that is not cancelled:
 * 422 at `booking.start_date`, with that booking as `existing_booking` (id, dates, team) so the
 * form can show the existing-booking screen (applicant-flow §2.11).
 */
export async function assertNoOverlap(
  db: Executor,
  organisationId: number,
  userId: number,
  range: BookingRange,
): Promise<void> {
  const existing: ResidentialBookingSummary | null = await findOverlappingBooking(
    db,
    organisationId,
    userId,
    range.start_date,
    range.end_date,
  );
  if (existing) {
    throw bookingDatesError('start_date', EXISTING_BOOKING_MESSAGE, { existing_booking: existing });
  }
}

/**
 * Holds the place for a booking inside a transaction, before it is written: locks the applicant
 * (when known) and then the team, so that one person's bookings and one team's places are taken
 * one after another, and checks the overlap and the rules (capacity above all) again under those
 * locks. Of two applicants racing for the last place the second waits for the first to commit and
 * is then refused with the same 422 as if they had come later. The locks last until the
 * transaction ends, so the place stays free for {@link writeBooking}.
 */
export async function holdBooking(
  tx: Executor,
  place: BookingPlace,
  input: { userId: number | null; booking: BookingRange & { willingToShare: boolean } },
): Promise<void> {
  if (input.userId !== null) {
    await lockUser(tx, place.organisationId, input.userId);
  }
  if (!(await lockTeam(tx, place.organisationId, place.teamId))) {
    throw new HttpError(404, 'This team does not exist.');
  }
  if (input.userId !== null) {
    await assertNoOverlap(tx, place.organisationId, input.userId, input.booking);
  }
  await assertBookingRules(tx, place, input.booking);
}

/** Writes the booking (pending) with its linked names, once {@link holdBooking} holds its place. Answers its id. */
export async function writeBooking(
  tx: Executor,
  place: BookingPlace,
  input: { userId: number; applicationId: number | null; booking: BookingRequest },
): Promise<number> {
  const { booking } = input;
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

/**
 * Takes a booking inside a transaction: {@link holdBooking}, then {@link writeBooking}. Answers
 * the booking id.
 */
export async function takeBooking(
  tx: Executor,
  place: BookingPlace,
  input: { userId: number; applicationId: number | null; booking: BookingRequest },
): Promise<number> {
  await holdBooking(tx, place, input);
  return writeBooking(tx, place, input);
}
