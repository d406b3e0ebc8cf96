import {
  BOOKING_CANCEL_MESSAGES,
  nightsBetween,
  type Availability,
  type BookingCancelBody,
  type ChangeoverDay,
  type ResidentialBookingSummary,
  type UserBooking,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { displayNameOf } from '../auth/sessions.js';
import { assertMayView, type Viewer } from '../users/service.js';
import {
  activeCancelReasonExists,
  findTeam,
  findUserBooking,
  HOLDING_STATUSES,
  listChangeoverDays,
  listLinkedApplicants,
  listUserBookings,
  lockUser,
  lockUserBooking,
  markBookingCancelled,
  nightlyAvailability,
  userExists,
} from './repository.js';

/** Lets staff read anyone's bookings (reference-data permissions, category Residential). */
export const VIEW_RESIDENTIAL_BOOKINGS = 'view-residential-bookings';
/** Lets staff run residential stays: change anyone's bookings and the residential settings. */
export const MANAGE_RESIDENTIAL = 'manage-residential';

function teamNotFound(): HttpError {
  return new HttpError(404, 'This team does not exist.');
}

/** The team's changeover days (404 when the team is not the organisation's). */
export async function getChangeoverDays(
  db: Executor,
  organisationId: number,
  teamId: number,
): Promise<ChangeoverDay[]> {
  if (!(await findTeam(db, organisationId, teamId))) {
    throw teamNotFound();
  }
  return listChangeoverDays(db, organisationId, teamId);
}

/**
 * Places free per night from `startDate` to `endDate` (both included) for a guest who will or
 * will not share a room (404 when the team is not the organisation's).
 */
export async function getAvailability(
  db: Executor,
  organisationId: number,
  teamId: number,
  query: { willing_to_share: boolean; start_date: string; end_date: string },
): Promise<Availability> {
  if (!(await findTeam(db, organisationId, teamId))) {
    throw teamNotFound();
  }
  return nightlyAvailability(
    db,
    organisationId,
    teamId,
    query.start_date,
    query.end_date,
    query.willing_to_share,
  );
}

/** Largest id a serial column holds; a larger one in a path names no row (rather than failing the query). */
const MAX_ROW_ID = 2_147_483_647;

/** 404 for ids no row can have, before they reach a query. */
function assertIdsInRange(userId: number, bookingId: number): void {
  if (userId > MAX_ROW_ID) {
    throw userNotFound();
  }
  if (bookingId > MAX_ROW_ID) {
    throw bookingNotFound();
  }
}

function userNotFound(): HttpError {
  return new HttpError(404, 'This user does not exist.');
}

function bookingNotFound(): HttpError {
  return new HttpError(404, 'This booking does not exist.');
}

function forbidden(): HttpError {
  return new HttpError(403, 'You do not have permission to do that.');
}

/**
 * A user's bookings that end after `from` (not cancelled ones unless `includeCancelled`): the
 * user themself, or a holder of `view-users` (403 otherwise); 404 when the user is not the
 * organisation's.
 */
export async function getUserBookings(
  db: Executor,
  organisationId: number,
  viewer: Viewer,
  userId: number,
  options: { from: string | null; includeTeam: boolean; includeCancelled?: boolean },
): Promise<ResidentialBookingSummary[]> {
  assertMayView(viewer, userId);
  if (!(await userExists(db, organisationId, userId))) {
    throw userNotFound();
  }
  const bookings = await listUserBookings(db, organisationId, userId, options.from, options.includeCancelled);
  return bookings.map(({ team, ...booking }) => (options.includeTeam ? { ...booking, team } : booking));
}

/** The owner, or staff who may read bookings (managers of residential stays too). */
function mayView(viewer: Viewer, userId: number): boolean {
  return (
    viewer.userId === userId ||
    viewer.permissions.includes(VIEW_RESIDENTIAL_BOOKINGS) ||
    viewer.permissions.includes(MANAGE_RESIDENTIAL)
  );
}

/** The owner, or a manager of residential stays. */
function mayCancel(viewer: Viewer, userId: number): boolean {
  return viewer.userId === userId || viewer.permissions.includes(MANAGE_RESIDENTIAL);
}

/** 403 unless the viewer may read the user's bookings one by one ({@link getUserBooking}). */
export function assertMayViewBooking(viewer: Viewer, userId: number): void {
  if (!mayView(viewer, userId)) {
    throw forbidden();
  }
}

/** 403 unless the viewer may cancel the user's bookings ({@link cancelUserBooking}). */
export function assertMayCancelBooking(viewer: Viewer, userId: number): void {
  if (!mayCancel(viewer, userId)) {
    throw forbidden();
  }
}

/** Pending or confirmed, and its arrival day still ahead: the stay has not started. */
function cancellableOn(booking: { status: string; startDate: string }, today: string): boolean {
  return HOLDING_STATUSES.some((status) => status === booking.status) && today < booking.startDate;
}

/**
 * One booking of the user for its portal page: the owner, or a holder of
 * `view-residential-bookings` or `manage-residential` (403 otherwise); 404 when the user or the
 * booking is not the organisation's and theirs. `today` (YYYY-MM-DD, the organisation's) decides
 * whether the caller may still cancel it.
 */
export async function getUserBooking(
  db: Executor,
  organisationId: number,
  viewer: Viewer,
  userId: number,
  bookingId: number,
  today: string,
): Promise<UserBooking> {
  assertMayViewBooking(viewer, userId);
  assertIdsInRange(userId, bookingId);
  if (!(await userExists(db, organisationId, userId))) {
    throw userNotFound();
  }
  const booking = await findUserBooking(db, organisationId, userId, bookingId);
  if (!booking) {
    throw bookingNotFound();
  }
  const linked = await listLinkedApplicants(db, organisationId, bookingId);
  const cancelled = booking.status === 'cancelled';
  return {
    id: booking.id,
    user_id: booking.userId,
    status: booking.status,
    team: booking.team,
    start_date: booking.startDate,
    end_date: booking.endDate,
    nights: nightsBetween(booking.startDate, booking.endDate),
    willing_to_share: booking.willingToShare,
    requirements: booking.requirementsRadio ? booking.requirements : null,
    linked,
    application_id: booking.applicationId,
    created_at: booking.createdAt.toISOString(),
    cancellable: mayCancel(viewer, userId) && cancellableOn(booking, today),
    cancellation: cancelled
      ? {
          reason: booking.reason,
          note: booking.cancelNote,
          cancelled_at: booking.cancelledAt ? booking.cancelledAt.toISOString() : null,
          cancelled_by: booking.cancelledBy
            ? { id: booking.cancelledBy.id, name: displayNameOf(booking.cancelledBy) }
            : null,
        }
      : null,
  };
}

/**
 * Cancels a stay (docs/residential.md "Cancelling a stay"): the owner, or a holder of
 * `manage-residential` (403 otherwise); 404 as {@link getUserBooking}. Only a pending or
 * confirmed stay whose arrival day is after `today`, with an active reason of the organisation
 * (422 with the sentence at `status` or `cancel_reason_id` otherwise). Stores the reason, the
 * note, who and when, in one transaction under the user's and the booking's locks; from then on
 * the stay holds no nights, so its places are free again. Answers the booking as it now is.
 */
export async function cancelUserBooking(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  userId: number,
  bookingId: number,
  body: BookingCancelBody,
  clock: { today: string; now: Date },
): Promise<UserBooking> {
  assertMayCancelBooking(viewer, userId);
  assertIdsInRange(userId, bookingId);
  if (!(await userExists(db, organisationId, userId))) {
    throw userNotFound();
  }
  await db.transaction(async (tx) => {
    // The same order as a booking being taken: the person first, then (here) their booking.
    await lockUser(tx, organisationId, userId);
    const booking = await lockUserBooking(tx, organisationId, userId, bookingId);
    if (!booking) {
      throw bookingNotFound();
    }
    if (booking.status === 'cancelled') {
      throw validationError({ status: [BOOKING_CANCEL_MESSAGES.alreadyCancelled] });
    }
    if (!cancellableOn(booking, clock.today)) {
      throw validationError({ status: [BOOKING_CANCEL_MESSAGES.started] });
    }
    if (!(await activeCancelReasonExists(tx, organisationId, body.cancel_reason_id))) {
      throw validationError({ cancel_reason_id: [BOOKING_CANCEL_MESSAGES.unknownReason] });
    }
    const note = body.note?.trim() ?? '';
    await markBookingCancelled(tx, organisationId, bookingId, {
      reasonId: body.cancel_reason_id,
      note: note === '' ? null : note,
      at: clock.now,
      byUserId: viewer.userId,
    });
  });
  return getUserBooking(db, organisationId, viewer, userId, bookingId, clock.today);
}
