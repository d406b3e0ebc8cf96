import type { Executor } from '../../db/client.js';
import {
  residentialBookingLinkedApplicants,
  residentialBookings,
  residentialCancelReasons,
  teamChangeoverDays,
  teamRoomUnavailablePeriods,
  teamRooms,
} from '../../db/schema/index.js';
import { assertInserted } from '../../db/rows.js';

/** A room at a team: private (one guest) unless `shared`. */
export async function createRoom(
  db: Executor,
  organisationId: number,
  teamId: number,
  options: { name?: string; beds?: number; shared?: boolean } = {},
) {
  const [room] = await db
    .insert(teamRooms)
    .values({
      organisationId,
      teamId,
      name: options.name ?? 'Room',
      beds: options.beds ?? 1,
      shared: options.shared ?? false,
    })
    .returning();
  assertInserted(room, 'room');
  return room;
}

/** Closes a room for the nights `from` to `to`, both included. */
export async function closeRoom(
  db: Executor,
  organisationId: number,
  roomId: number,
  from: string,
  to: string,
) {
  await db.insert(teamRoomUnavailablePeriods).values({ organisationId, roomId, fromDate: from, toDate: to });
}

/** A changeover weekday at a team from `startDate` (open-ended unless `endDate`). */
export async function createChangeoverDay(
  db: Executor,
  organisationId: number,
  teamId: number,
  dayOfWeek: number,
  startDate = '2000-01-01',
  endDate: string | null = null,
) {
  await db.insert(teamChangeoverDays).values({ organisationId, teamId, dayOfWeek, startDate, endDate });
}

/** A booking (pending unless told), not willing to share unless told. */
export async function createBooking(
  db: Executor,
  organisationId: number,
  input: {
    userId: number;
    teamId: number;
    startDate: string;
    endDate: string;
    willingToShare?: boolean;
    status?: 'pending' | 'confirmed' | 'cancelled';
    applicationId?: number;
    /** "Anything else we should know?" answered yes, with this text. */
    requirements?: string;
    linked?: string[];
  },
) {
  const [booking] = await db
    .insert(residentialBookings)
    .values({
      organisationId,
      userId: input.userId,
      teamId: input.teamId,
      startDate: input.startDate,
      endDate: input.endDate,
      willingToShare: input.willingToShare ?? false,
      status: input.status ?? 'pending',
      genderId: 1,
      applicationId: input.applicationId ?? null,
      requirementsRadio: input.requirements !== undefined,
      requirements: input.requirements ?? null,
    })
    .returning();
  assertInserted(booking, 'booking');
  if (input.linked && input.linked.length > 0) {
    await db
      .insert(residentialBookingLinkedApplicants)
      .values(
        input.linked.map((name, position) => ({ organisationId, bookingId: booking.id, name, position })),
      );
  }
  return booking;
}

/** A reason for cancelling a stay (active unless told), with a unique name unless given. */
export async function createCancelReason(
  db: Executor,
  organisationId: number,
  options: { name?: string; position?: number; active?: boolean } = {},
) {
  const [reason] = await db
    .insert(residentialCancelReasons)
    .values({
      organisationId,
      name: options.name ?? `Reason ${Math.random().toString(36).slice(2, 8)}`,
      position: options.position ?? 0,
      active: options.active ?? true,
    })
    .returning();
  assertInserted(reason, 'cancel reason');
  return reason;
}
