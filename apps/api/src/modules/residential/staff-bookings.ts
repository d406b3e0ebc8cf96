import {
  addDaysIso,
  BOOKING_ADMIN_MESSAGES,
  BOOKING_CANCEL_MESSAGES,
  checkBookingRange,
  nightsBetween,
  type AdminBooking,
  type AdminBookingsQuery,
  type AdminBookingUpdateBody,
  type BookingContext,
  type BookingDeleteBody,
  type PaginationMeta,
  type UserBookingStoreBody,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { displayNameOf } from '../auth/sessions.js';
import type { Viewer } from '../users/service.js';
import { EXISTING_BOOKING_MESSAGE } from './booking.js';
import {
  cancelReasonExists,
  findOverlappingBooking,
  findTeam,
  HOLDING_STATUSES,
  insertBooking,
  linkedNamesOf,
  listChangeoverDays,
  lockTeam,
  lockUser,
  nightlyAvailability,
  replaceLinkedApplicants,
  userExists,
} from './repository.js';
import { MANAGE_RESIDENTIAL, VIEW_RESIDENTIAL_BOOKINGS } from './service.js';
import {
  applicationOfUser,
  bookingOwner,
  findBooking,
  listBookingPage,
  lockBooking,
  updateBookingFields,
  type StaffBookingRow,
} from './staff-repository.js';

/*
 * Every booking of the organisation, for the staff who run residential stays
 * (`/residential-bookings/`, and the store and delete of `/users/{userId}/residential-bookings/`;
 * docs/residential.md "Running residential stays"). Reading needs `view-residential-bookings` or
 * `manage-residential`; booking, changing and cancelling need `manage-residential`.
 */

/** Today and now, in the organisation's time zone: when a stay has started, and when it was cancelled. */
export type Clock = { today: string; now: Date };

function forbidden(): HttpError {
  return new HttpError(403, 'You do not have permission to do that.');
}

function bookingNotFound(): HttpError {
  return new HttpError(404, 'This booking does not exist.');
}

/** 403 unless the viewer may read every booking. */
export function assertMayReadBookings(viewer: Viewer): void {
  if (
    !viewer.permissions.includes(VIEW_RESIDENTIAL_BOOKINGS) &&
    !viewer.permissions.includes(MANAGE_RESIDENTIAL)
  ) {
    throw forbidden();
  }
}

/** 403 unless the viewer runs residential stays. */
export function assertMayManageBookings(viewer: Viewer): void {
  if (!viewer.permissions.includes(MANAGE_RESIDENTIAL)) {
    throw forbidden();
  }
}

/** 403 unless the viewer may cancel the person's stays: the person themself, or `manage-residential`. */
export function assertMayCancelFor(viewer: Viewer, userId: number): void {
  if (viewer.userId !== userId && !viewer.permissions.includes(MANAGE_RESIDENTIAL)) {
    throw forbidden();
  }
}

function cancellableOn(booking: { status: string; startDate: string }, today: string): boolean {
  return HOLDING_STATUSES.some((status) => status === booking.status) && today < booking.startDate;
}

function toWire(row: StaffBookingRow, linked: string[], viewer: Viewer, today: string): AdminBooking {
  return {
    id: row.id,
    user_id: row.userId,
    user: { id: row.user.id, name: displayNameOf(row.user) },
    status: row.status,
    team: row.team,
    start_date: row.startDate,
    end_date: row.endDate,
    nights: nightsBetween(row.startDate, row.endDate),
    willing_to_share: row.willingToShare,
    gender_id: row.genderId,
    requirements: row.requirementsRadio ? row.requirements : null,
    linked,
    application_id: row.applicationId,
    created_at: row.createdAt.toISOString(),
    cancellable: viewer.permissions.includes(MANAGE_RESIDENTIAL) && cancellableOn(row, today),
    cancellation:
      row.status === 'cancelled'
        ? {
            reason: row.reason,
            note: row.cancelNote,
            cancelled_at: row.cancelledAt ? row.cancelledAt.toISOString() : null,
            cancelled_by: row.cancelledBy
              ? { id: row.cancelledBy.id, name: displayNameOf(row.cancelledBy) }
              : null,
          }
        : null,
  };
}

/** One page of the organisation's bookings, earliest arrival first (403 without a reading permission). */
export async function listStaffBookings(
  db: Executor,
  organisationId: number,
  viewer: Viewer,
  query: AdminBookingsQuery,
  today: string,
): Promise<{ data: AdminBooking[]; meta: PaginationMeta }> {
  assertMayReadBookings(viewer);
  const { rows, total } = await listBookingPage(
    db,
    organisationId,
    {
      ...(query.team_id === undefined ? {} : { teamId: query.team_id }),
      ...(query.user_id === undefined ? {} : { userId: query.user_id }),
      ...(query.status === undefined ? {} : { statuses: query.status }),
      ...(query.from === undefined ? {} : { from: query.from }),
      ...(query.to === undefined ? {} : { to: query.to }),
    },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  const linked = await linkedNamesOf(
    db,
    organisationId,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => toWire(row, linked.get(row.id) ?? [], viewer, today)),
    meta: { current_page: query.page, per_page: query.per_page, total },
  };
}

/**
 * One booking of the organisation (404 when not its, or not the path's person's when `userId` is
 * given); 403 without a reading permission.
 */
export async function getStaffBooking(
  db: Executor,
  organisationId: number,
  viewer: Viewer,
  bookingId: number,
  today: string,
  userId?: number,
): Promise<AdminBooking> {
  assertMayReadBookings(viewer);
  const row = await findBooking(db, organisationId, bookingId);
  if (!row || (userId !== undefined && row.userId !== userId)) {
    throw bookingNotFound();
  }
  const linked = await linkedNamesOf(db, organisationId, [bookingId]);
  return toWire(row, linked.get(bookingId) ?? [], viewer, today);
}

/**
 * The team's rules for a stay booked or moved by staff (docs/residential.md): end after start,
 * the team's changeover weekdays, an arrival not before today (when the arrival is new), no
 * night full and enough places in total, as for an applicant; any length (staff arrange stays
 * the opportunity would not offer). `excludeBookingId`: the stay being moved, left out of the
 * count. 422 at `start_date` or `end_date` with the rule's sentence.
 */
async function assertTeamRules(
  tx: Executor,
  organisationId: number,
  teamId: number,
  stay: { start_date: string; end_date: string; willingToShare: boolean; minDate: string },
  excludeBookingId: number | null,
): Promise<void> {
  const nights = nightsBetween(stay.start_date, stay.end_date);
  const context: BookingContext = {
    changeoverDays: await listChangeoverDays(tx, organisationId, teamId),
    availability: {},
    minDate: stay.minDate,
    maxDate: null,
    durations: [nights],
  };
  const range = { start_date: stay.start_date, end_date: stay.end_date };
  let failure = checkBookingRange(range, context);
  if (failure === null || failure.rule === 'insufficient-capacity') {
    context.availability = await nightlyAvailability(
      tx,
      organisationId,
      teamId,
      stay.start_date,
      addDaysIso(stay.start_date, nights - 1),
      stay.willingToShare,
      excludeBookingId,
    );
    failure = checkBookingRange(range, context);
  }
  if (failure) {
    throw validationError({
      [failure.field]: [failure.rule === 'before-minimum' ? BOOKING_ADMIN_MESSAGES.past : failure.message],
    });
  }
}

/** 422 at `start_date` when the person holds another stay sharing a night with this one. */
async function assertNoOverlap(
  tx: Executor,
  organisationId: number,
  userId: number,
  stay: { start_date: string; end_date: string },
  excludeBookingId: number | null,
): Promise<void> {
  const existing = await findOverlappingBooking(
    tx,
    organisationId,
    userId,
    stay.start_date,
    stay.end_date,
    excludeBookingId,
  );
  if (existing) {
    throw new HttpError(
      422,
      'The given data was invalid.',
      { start_date: [EXISTING_BOOKING_MESSAGE] },
      undefined,
      { existing_booking: existing },
    );
  }
}

/**
 * Books a stay for a person of the organisation (`manage-residential`, 403 otherwise; 422 at
 * `user_id`, `team_id` or `application_id` for another organisation's). In one transaction,
 * under the person's and then the team's lock (as an application does), it checks the person
 * has no stay sharing a night and the team's rules (capacity above all), then writes the booking
 * (pending unless `status` says confirmed). Answers the booking.
 */
export async function storeStaffBooking(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  userId: number,
  body: UserBookingStoreBody,
  clock: Clock,
  userField: 'user_id' | null,
): Promise<AdminBooking> {
  assertMayManageBookings(viewer);
  if (!(await userExists(db, organisationId, userId))) {
    if (userField === null) {
      throw new HttpError(404, 'This user does not exist.');
    }
    throw validationError({ [userField]: [BOOKING_ADMIN_MESSAGES.user] });
  }
  if (!(await findTeam(db, organisationId, body.team_id))) {
    throw validationError({ team_id: [BOOKING_ADMIN_MESSAGES.team] });
  }
  const applicationId = body.application_id ?? null;
  if (applicationId !== null && !(await applicationOfUser(db, organisationId, userId, applicationId))) {
    throw validationError({ application_id: [BOOKING_ADMIN_MESSAGES.application] });
  }
  const willingToShare = body.willing_to_share ?? false;
  const id = await db.transaction(async (tx) => {
    await lockUser(tx, organisationId, userId);
    if (!(await lockTeam(tx, organisationId, body.team_id))) {
      throw validationError({ team_id: [BOOKING_ADMIN_MESSAGES.team] });
    }
    await assertNoOverlap(tx, organisationId, userId, body, null);
    await assertTeamRules(
      tx,
      organisationId,
      body.team_id,
      { ...body, willingToShare, minDate: clock.today },
      null,
    );
    const requirements = body.requirements ?? null;
    const bookingId = await insertBooking(tx, organisationId, {
      userId,
      applicationId,
      teamId: body.team_id,
      startDate: body.start_date,
      endDate: body.end_date,
      willingToShare,
      requirementsRadio: requirements !== null,
      requirements,
      genderId: body.gender_id ?? 1,
      linked: body.linked ?? [],
    });
    if (body.status === 'confirmed') {
      await updateBookingFields(tx, organisationId, bookingId, { status: 'confirmed' });
    }
    return bookingId;
  });
  return getStaffBooking(db, organisationId, viewer, id, clock.today);
}

/**
 * Changes a booking (`manage-residential`): its status between pending and confirmed, its dates,
 * team or sharing (judged again as a new stay, leaving the booking itself out of the count and
 * the overlap), and the person's answers. `status: cancelled` cancels it as
 * {@link cancelStaffBooking}; a cancelled stay is not reopened (422 at `status`), and its dates
 * no longer change. Under the person's lock, then the team's, then the booking's.
 */
export async function updateStaffBooking(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  bookingId: number,
  body: AdminBookingUpdateBody,
  clock: Clock,
): Promise<AdminBooking> {
  assertMayManageBookings(viewer);
  const ownerId = await bookingOwner(db, organisationId, bookingId);
  if (ownerId === null) {
    throw bookingNotFound();
  }
  if (body.team_id !== undefined && !(await findTeam(db, organisationId, body.team_id))) {
    throw validationError({ team_id: [BOOKING_ADMIN_MESSAGES.team] });
  }
  if (body.status === 'cancelled') {
    await cancelStaffBooking(db, organisationId, viewer, bookingId, body, clock);
    return getStaffBooking(db, organisationId, viewer, bookingId, clock.today);
  }
  await db.transaction(async (tx) => {
    await lockUser(tx, organisationId, ownerId);
    const teamId = body.team_id;
    if (teamId !== undefined) {
      await lockTeam(tx, organisationId, teamId);
    }
    const booking = await lockBooking(tx, organisationId, bookingId);
    if (!booking) {
      throw bookingNotFound();
    }
    if (teamId === undefined) {
      await lockTeam(tx, organisationId, booking.teamId);
    }
    const stay = {
      teamId: body.team_id ?? booking.teamId,
      start_date: body.start_date ?? booking.startDate,
      end_date: body.end_date ?? booking.endDate,
      willingToShare: body.willing_to_share ?? booking.willingToShare,
    };
    const moved =
      stay.teamId !== booking.teamId ||
      stay.start_date !== booking.startDate ||
      stay.end_date !== booking.endDate ||
      stay.willingToShare !== booking.willingToShare;
    if (booking.status === 'cancelled' && (moved || body.status !== undefined)) {
      throw validationError({ status: [BOOKING_ADMIN_MESSAGES.reopen] });
    }
    if (moved) {
      await assertNoOverlap(tx, organisationId, ownerId, stay, bookingId);
      // A stay already under way keeps its arrival; only a new arrival must be today or later.
      const minDate = stay.start_date === booking.startDate ? stay.start_date : clock.today;
      await assertTeamRules(tx, organisationId, stay.teamId, { ...stay, minDate }, bookingId);
    }
    const requirements = body.requirements;
    await updateBookingFields(tx, organisationId, bookingId, {
      ...(moved
        ? {
            teamId: stay.teamId,
            startDate: stay.start_date,
            endDate: stay.end_date,
            willingToShare: stay.willingToShare,
          }
        : {}),
      ...(body.status === undefined ? {} : { status: body.status }),
      ...(body.gender_id === undefined ? {} : { genderId: body.gender_id }),
      ...(requirements === undefined ? {} : { requirementsRadio: requirements !== null, requirements }),
    });
    if (body.linked !== undefined) {
      await replaceLinkedApplicants(tx, organisationId, bookingId, body.linked);
    }
  });
  return getStaffBooking(db, organisationId, viewer, bookingId, clock.today);
}

/**
 * Cancels a stay, keeping the record (docs/residential.md): the status becomes cancelled with
 * who, when, and the reason and note when given, so the stay's nights are free again while its
 * history stays with the person and the application. Staff (`manage-residential`) may leave the
 * reason out; the person cancelling their own stay must give an active one, as in the portal
 * (422 at `cancel_reason_id`). Cancelling an already cancelled stay changes nothing (the delete
 * is idempotent); a stay that has started cannot be cancelled (422 at `status`: shorten it
 * instead). `userId`: the person of a per-user path (404 when the booking is not theirs).
 */
export async function cancelStaffBooking(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  bookingId: number,
  body: BookingDeleteBody,
  clock: Clock,
  userId?: number,
): Promise<void> {
  const ownerId = await bookingOwner(db, organisationId, bookingId);
  if (ownerId === null || (userId !== undefined && ownerId !== userId)) {
    throw bookingNotFound();
  }
  assertMayCancelFor(viewer, ownerId);
  const staff = viewer.permissions.includes(MANAGE_RESIDENTIAL);
  const reasonId = body?.cancel_reason_id ?? null;
  await db.transaction(async (tx) => {
    await lockUser(tx, organisationId, ownerId);
    const booking = await lockBooking(tx, organisationId, bookingId);
    if (!booking) {
      throw bookingNotFound();
    }
    if (booking.status === 'cancelled') {
      return;
    }
    if (!cancellableOn(booking, clock.today)) {
      throw validationError({ status: [BOOKING_CANCEL_MESSAGES.started] });
    }
    if (reasonId === null && !staff) {
      throw validationError({ cancel_reason_id: [BOOKING_CANCEL_MESSAGES.reason] });
    }
    // Staff may record a retired reason (what really happened); the person picks from those offered.
    if (
      reasonId !== null &&
      !(await cancelReasonExists(tx, organisationId, reasonId, { offeredOnly: !staff }))
    ) {
      throw validationError({ cancel_reason_id: [BOOKING_CANCEL_MESSAGES.unknownReason] });
    }
    const note = body?.note?.trim() ?? '';
    await updateBookingFields(tx, organisationId, bookingId, {
      status: 'cancelled',
      cancelReasonId: reasonId,
      cancelNote: note === '' ? null : note,
      cancelledAt: clock.now,
      cancelledByUserId: viewer.userId,
    });
  });
}
