import {
  addDaysIso,
  LIMIT_WINDOW_MAX_NIGHTS,
  nightsBetween,
  type AvailabilityBoardResponse,
  type CapacityLimit,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import type { Viewer } from '../users/service.js';
import { findTeam, lockTeam, nightlyAvailability } from './repository.js';
import { assertMayManageBookings, assertMayReadBookings } from './staff-bookings.js';
import {
  clearLimits,
  guestsPerNight,
  insertLimit,
  limitsMeeting,
  listResidentialTeamPage,
} from './staff-repository.js';

/*
 * The staff side of availability (docs/residential.md "Capacity limits"): the board of every
 * team with rooms, and a team's capacity limits set or cleared night by night. The limits
 * themselves are records of `/residential-availability/` (generic catalogue binding).
 */

function teamNotFound(): HttpError {
  return new HttpError(404, 'This team does not exist.');
}

/** 422 at `field` when the window is longer than {@link LIMIT_WINDOW_MAX_NIGHTS} or ends before it starts. */
function assertWindow(from: string, to: string, field: string): void {
  const nights = nightsBetween(from, to);
  if (nights < 0) {
    throw validationError({ [field]: ['The last night must not be before the first.'] });
  }
  if (nights + 1 > LIMIT_WINDOW_MAX_NIGHTS) {
    throw validationError({ [field]: [`At most ${LIMIT_WINDOW_MAX_NIGHTS} nights at a time.`] });
  }
}

/**
 * One page of the organisation's teams that have rooms, by name: their rooms counted, and for
 * each night of the window the places free for this guest and the stays holding it, and the
 * capacity limits meeting the window. Reading needs `view-residential-bookings` or
 * `manage-residential`.
 */
export async function availabilityBoard(
  db: Executor,
  organisationId: number,
  viewer: Viewer,
  query: { page: number; per_page: number; willing_to_share: boolean; start_date: string; end_date: string },
): Promise<AvailabilityBoardResponse> {
  assertMayReadBookings(viewer);
  assertWindow(query.start_date, query.end_date, 'end_date');
  const { rows, total } = await listResidentialTeamPage(db, organisationId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const limits = await limitsMeeting(
    db,
    organisationId,
    rows.map((row) => row.id),
    query.start_date,
    query.end_date,
  );
  const data = [];
  for (const team of rows) {
    const free = await nightlyAvailability(
      db,
      organisationId,
      team.id,
      query.start_date,
      query.end_date,
      query.willing_to_share,
    );
    const guests = await guestsPerNight(db, organisationId, team.id, query.start_date, query.end_date);
    const nights: Record<string, { available_capacity: number; guests: number }> = {};
    for (const [night, { available_capacity }] of Object.entries(free)) {
      nights[night] = { available_capacity, guests: guests.get(night) ?? 0 };
    }
    data.push({
      team: { id: team.id, name: team.name },
      rooms: { private_rooms: Number(team.privateRooms), shared_beds: Number(team.sharedBeds) },
      nights,
      limits: limits.filter((limit) => limit.team_id === team.id),
    });
  }
  return { data, meta: { current_page: query.page, per_page: query.per_page, total } };
}

/**
 * Sets the team's capacity on the nights `from_date` … `to_date` (`manage-residential`): any
 * limit on those nights is cleared (trimmed or split where it reaches beyond them) and one limit
 * of `max_guests` written, in one transaction under the team's lock. Stays already booked stay
 * booked; the nights they overfill simply offer no places. 404 for another organisation's team
 * (422 at `teamField` when the team came in the body).
 * Answers the team's limits meeting those nights.
 */
export async function setTeamCapacity(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  teamId: number,
  body: { from_date: string; to_date: string; max_guests: number; reason?: string | null | undefined },
  teamField: 'team_id' | null = null,
): Promise<{ team: { id: number; name: string }; limits: CapacityLimit[] }> {
  assertMayManageBookings(viewer);
  const team = await findTeam(db, organisationId, teamId);
  if (!team) {
    // A team named in the body is an input error; one named by the path is not there.
    throw teamField
      ? validationError({ [teamField]: ['Please choose a team of this organisation.'] })
      : teamNotFound();
  }
  assertWindow(body.from_date, body.to_date, 'to_date');
  await db.transaction(async (tx) => {
    await lockTeam(tx, organisationId, teamId);
    await clearLimits(tx, organisationId, teamId, rangeOf(body.from_date, body.to_date));
    await insertLimit(tx, organisationId, {
      teamId,
      fromDate: body.from_date,
      toDate: body.to_date,
      maxGuests: body.max_guests,
      reason: body.reason ?? null,
    });
  });
  return { team, limits: await limitsMeeting(db, organisationId, [teamId], body.from_date, body.to_date) };
}

function rangeOf(from: string, to: string) {
  return { from, to, dayBefore: addDaysIso(from, -1), dayAfter: addDaysIso(to, 1) };
}

/**
 * Clears the team's capacity limits on the nights `from` … `to` (every limit of the team when no
 * range is given), trimming or splitting those that reach beyond them (`manage-residential`; 404
 * for another organisation's team). The rooms alone then decide those nights.
 */
export async function clearTeamCapacity(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  teamId: number,
  range: { from_date?: string | undefined; to_date?: string | undefined },
): Promise<void> {
  assertMayManageBookings(viewer);
  if (!(await findTeam(db, organisationId, teamId))) {
    throw teamNotFound();
  }
  const { from_date: from, to_date: to } = range;
  await db.transaction(async (tx) => {
    await lockTeam(tx, organisationId, teamId);
    await clearLimits(tx, organisationId, teamId, from && to ? rangeOf(from, to) : null);
  });
}
