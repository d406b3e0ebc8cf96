import type { Executor } from '../../db/client.js';
import {
  residentialBookings,
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
    })
    .returning();
  assertInserted(booking, 'booking');
  return booking;
}
