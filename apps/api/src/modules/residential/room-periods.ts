import type { PaginationMeta, RoomUnavailablePeriod } from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { findTeam } from './repository.js';
import {
  deletePeriod,
  findPeriod,
  insertPeriod,
  listPeriodPage,
  roomOfTeam,
  updatePeriod,
} from './staff-repository.js';

/*
 * The nights a room is closed (`/organisation/teams/{teamId}/residential/rooms/{roomId}/unavailable-periods/`,
 * docs/residential.md): read and written by `manage-residential` (the route's guard). A closure
 * carries its room, not the team, so these are hand-written rather than a catalogue binding: the
 * team and the room are checked together (404 for another organisation's, or a room of another team).
 */

/** The team and room of the path, both the organisation's and the room the team's; 404 otherwise. */
async function assertRoom(
  db: Executor,
  organisationId: number,
  teamId: number,
  roomId: number,
): Promise<void> {
  if (!(await findTeam(db, organisationId, teamId))) {
    throw new HttpError(404, 'The team was not found.');
  }
  if (!(await roomOfTeam(db, organisationId, teamId, roomId))) {
    throw new HttpError(404, 'The room was not found.');
  }
}

function periodNotFound(): HttpError {
  return new HttpError(404, 'The unavailable period was not found.');
}

function assertOrder(from: string, to: string): void {
  if (to < from) {
    throw validationError({ to_date: ['The last night must not be before the first.'] });
  }
}

export type RoomPath = { organisationId: number; teamId: number; roomId: number };

/** One page of the room's closures, earliest first. */
export async function listRoomPeriods(
  db: Executor,
  path: RoomPath,
  page: { page: number; per_page: number },
): Promise<{ data: RoomUnavailablePeriod[]; meta: PaginationMeta }> {
  await assertRoom(db, path.organisationId, path.teamId, path.roomId);
  const { rows, total } = await listPeriodPage(db, path.organisationId, path.roomId, {
    limit: page.per_page,
    offset: (page.page - 1) * page.per_page,
  });
  return { data: rows, meta: { current_page: page.page, per_page: page.per_page, total } };
}

/** One closure of the room. */
export async function getRoomPeriod(
  db: Executor,
  path: RoomPath,
  periodId: number,
): Promise<RoomUnavailablePeriod> {
  await assertRoom(db, path.organisationId, path.teamId, path.roomId);
  const period = await findPeriod(db, path.organisationId, path.roomId, periodId);
  if (!period) {
    throw periodNotFound();
  }
  return period;
}

/** Closes the room for the nights `from_date` … `to_date` (422 at `to_date` when it is before `from_date`). */
export async function storeRoomPeriod(
  db: Database,
  path: RoomPath,
  body: { from_date: string; to_date: string; reason?: string | null | undefined },
): Promise<RoomUnavailablePeriod> {
  await assertRoom(db, path.organisationId, path.teamId, path.roomId);
  assertOrder(body.from_date, body.to_date);
  const id = await db.transaction(async (tx) =>
    insertPeriod(tx, path.organisationId, path.roomId, {
      fromDate: body.from_date,
      toDate: body.to_date,
      reason: body.reason ?? null,
    }),
  );
  return getRoomPeriod(db, path, id);
}

/** Changes a closure; omitted fields keep their value, and the nights are judged as a whole. */
export async function updateRoomPeriod(
  db: Database,
  path: RoomPath,
  periodId: number,
  body: { from_date?: string | undefined; to_date?: string | undefined; reason?: string | null | undefined },
): Promise<RoomUnavailablePeriod> {
  const current = await getRoomPeriod(db, path, periodId);
  assertOrder(body.from_date ?? current.from_date, body.to_date ?? current.to_date);
  await db.transaction(async (tx) =>
    updatePeriod(tx, path.organisationId, path.roomId, periodId, {
      ...(body.from_date === undefined ? {} : { fromDate: body.from_date }),
      ...(body.to_date === undefined ? {} : { toDate: body.to_date }),
      ...(body.reason === undefined ? {} : { reason: body.reason }),
    }),
  );
  return getRoomPeriod(db, path, periodId);
}

/** Reopens the room on those nights: deletes the closure. */
export async function deleteRoomPeriod(db: Database, path: RoomPath, periodId: number): Promise<void> {
  await assertRoom(db, path.organisationId, path.teamId, path.roomId);
  const deleted = await db.transaction(async (tx) =>
    deletePeriod(tx, path.organisationId, path.roomId, periodId),
  );
  if (!deleted) {
    throw periodNotFound();
  }
}
