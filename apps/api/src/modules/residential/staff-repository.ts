import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { RESIDENTIAL_TYPE_PREFIX } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { assertInserted } from '../../db/rows.js';
import {
  applications,
  countries,
  opportunities,
  opportunitySubLocations,
  opportunityTimeslots,
  residentialBookings,
  residentialCapacityLimits,
  roleProfiles,
  teamRooms,
  teamRoomUnavailablePeriods,
  teams,
  type ResidentialBookingStatus,
} from '../../db/schema/index.js';
import { selectBookings } from './repository.js';

/*
 * The queries of the staff side of residential stays (docs/residential.md "Running residential
 * stays"): every booking of the organisation, capacity limits, the availability board, and
 * residential opportunities with the places they are in. Every query is scoped by organisation.
 */

/** Which bookings a staff list holds. */
export type BookingFilter = {
  teamId?: number;
  userId?: number;
  statuses?: readonly ResidentialBookingStatus[];
  /** Stays that end after it. */
  from?: string;
  /** Stays that start before it. */
  to?: string;
};

function bookingWhere(organisationId: number, filter: BookingFilter): SQL | undefined {
  return and(
    eq(residentialBookings.organisationId, organisationId),
    filter.teamId === undefined ? undefined : eq(residentialBookings.teamId, filter.teamId),
    filter.userId === undefined ? undefined : eq(residentialBookings.userId, filter.userId),
    filter.statuses === undefined ? undefined : inArray(residentialBookings.status, [...filter.statuses]),
    filter.from === undefined ? undefined : gt(residentialBookings.endDate, filter.from),
    filter.to === undefined ? undefined : lt(residentialBookings.startDate, filter.to),
  );
}

export type StaffBookingRow = Awaited<ReturnType<typeof findBooking>> & object;

/** One page of the organisation's bookings, earliest arrival first, with the total. */
export async function listBookingPage(
  db: Executor,
  organisationId: number,
  filter: BookingFilter,
  page: { limit: number; offset: number },
) {
  const where = bookingWhere(organisationId, filter);
  const [rows, totals] = await Promise.all([
    selectBookings(db)
      .where(where)
      .orderBy(asc(residentialBookings.startDate), asc(residentialBookings.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(residentialBookings).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One booking of the organisation with its person, team and cancellation; null when not its. */
export async function findBooking(db: Executor, organisationId: number, bookingId: number) {
  const [row] = await selectBookings(db)
    .where(and(eq(residentialBookings.organisationId, organisationId), eq(residentialBookings.id, bookingId)))
    .limit(1);
  return row ?? null;
}

/** What a change to a booking is judged on, read under the booking row's lock; null when not the organisation's. */
export async function lockBooking(db: Executor, organisationId: number, bookingId: number) {
  const [row] = await db
    .select({
      id: residentialBookings.id,
      userId: residentialBookings.userId,
      teamId: residentialBookings.teamId,
      status: residentialBookings.status,
      startDate: residentialBookings.startDate,
      endDate: residentialBookings.endDate,
      willingToShare: residentialBookings.willingToShare,
    })
    .from(residentialBookings)
    .where(and(eq(residentialBookings.organisationId, organisationId), eq(residentialBookings.id, bookingId)))
    .for('update');
  return row ?? null;
}

/** Whose booking it is (unlocked), to take the person's lock first; null when not the organisation's. */
export async function bookingOwner(
  db: Executor,
  organisationId: number,
  bookingId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ userId: residentialBookings.userId })
    .from(residentialBookings)
    .where(
      and(eq(residentialBookings.organisationId, organisationId), eq(residentialBookings.id, bookingId)),
    );
  return row?.userId ?? null;
}

/** Writes changed fields of a booking. */
export async function updateBookingFields(
  db: Executor,
  organisationId: number,
  bookingId: number,
  fields: Partial<typeof residentialBookings.$inferInsert>,
): Promise<void> {
  if (Object.keys(fields).length === 0) {
    return;
  }
  await db
    .update(residentialBookings)
    .set({ ...fields, updatedAt: new Date() })
    .where(
      and(eq(residentialBookings.organisationId, organisationId), eq(residentialBookings.id, bookingId)),
    );
}

/** True when the application is one of the person's in the organisation. */
export async function applicationOfUser(
  db: Executor,
  organisationId: number,
  userId: number,
  applicationId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.organisationId, organisationId),
        eq(applications.userId, userId),
        eq(applications.id, applicationId),
      ),
    );
  return rows.length > 0;
}

// ——— Capacity limits ———

/** The team's limits that meet the nights `from` … `to`, by first night. */
export async function limitsMeeting(
  db: Executor,
  organisationId: number,
  teamIds: readonly number[],
  from: string,
  to: string,
) {
  if (teamIds.length === 0) {
    return [];
  }
  return db
    .select({
      id: residentialCapacityLimits.id,
      team_id: residentialCapacityLimits.teamId,
      from_date: residentialCapacityLimits.fromDate,
      to_date: residentialCapacityLimits.toDate,
      max_guests: residentialCapacityLimits.maxGuests,
      reason: residentialCapacityLimits.reason,
    })
    .from(residentialCapacityLimits)
    .where(
      and(
        eq(residentialCapacityLimits.organisationId, organisationId),
        inArray(residentialCapacityLimits.teamId, [...teamIds]),
        lte(residentialCapacityLimits.fromDate, to),
        gte(residentialCapacityLimits.toDate, from),
      ),
    )
    .orderBy(asc(residentialCapacityLimits.fromDate), asc(residentialCapacityLimits.id));
}

/** Removes the team's limits on the nights `from` … `to` (every limit when null), trimming or splitting those that stick out. */
export async function clearLimits(
  db: Executor,
  organisationId: number,
  teamId: number,
  range: { from: string; to: string; dayBefore: string; dayAfter: string } | null,
): Promise<void> {
  const scope = and(
    eq(residentialCapacityLimits.organisationId, organisationId),
    eq(residentialCapacityLimits.teamId, teamId),
  );
  if (range === null) {
    await db.delete(residentialCapacityLimits).where(scope);
    return;
  }
  const meeting = await db
    .select()
    .from(residentialCapacityLimits)
    .where(
      and(
        scope,
        lte(residentialCapacityLimits.fromDate, range.to),
        gte(residentialCapacityLimits.toDate, range.from),
      ),
    )
    .for('update');
  for (const limit of meeting) {
    const before = limit.fromDate < range.from;
    const after = limit.toDate > range.to;
    const byId = and(scope, eq(residentialCapacityLimits.id, limit.id));
    if (!before && !after) {
      await db.delete(residentialCapacityLimits).where(byId);
      continue;
    }
    if (before && after) {
      await db.insert(residentialCapacityLimits).values({
        organisationId,
        teamId,
        fromDate: range.dayAfter,
        toDate: limit.toDate,
        maxGuests: limit.maxGuests,
        reason: limit.reason,
      });
    }
    await db
      .update(residentialCapacityLimits)
      .set(
        before
          ? { toDate: range.dayBefore, updatedAt: new Date() }
          : { fromDate: range.dayAfter, updatedAt: new Date() },
      )
      .where(byId);
  }
}

/** Writes a limit of the team. */
export async function insertLimit(
  db: Executor,
  organisationId: number,
  limit: { teamId: number; fromDate: string; toDate: string; maxGuests: number; reason: string | null },
): Promise<void> {
  await db.insert(residentialCapacityLimits).values({ organisationId, ...limit });
}

/** One page of the organisation's teams that have rooms, by name, with their rooms counted, and the total. */
export async function listResidentialTeamPage(
  db: Executor,
  organisationId: number,
  page: { limit: number; offset: number },
) {
  const where = and(eq(teamRooms.organisationId, organisationId), eq(teams.organisationId, organisationId));
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: teams.id,
        name: teams.name,
        privateRooms: sql<number>`(count(*) filter (where not ${teamRooms.shared}))::int`,
        sharedBeds: sql<number>`coalesce(sum(${teamRooms.beds}) filter (where ${teamRooms.shared}), 0)::int`,
      })
      .from(teamRooms)
      .innerJoin(teams, eq(teams.id, teamRooms.teamId))
      .where(where)
      .groupBy(teams.id, teams.name)
      .orderBy(asc(teams.name), asc(teams.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(distinct ${teamRooms.teamId})::int` })
      .from(teamRooms)
      .innerJoin(teams, eq(teams.id, teamRooms.teamId))
      .where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/** The team's rooms counted: private rooms and beds in shared rooms. */
export async function roomCounts(db: Executor, organisationId: number, teamId: number) {
  const [row] = await db
    .select({
      privateRooms: sql<number>`(count(*) filter (where not ${teamRooms.shared}))::int`,
      sharedBeds: sql<number>`coalesce(sum(${teamRooms.beds}) filter (where ${teamRooms.shared}), 0)::int`,
    })
    .from(teamRooms)
    .where(and(eq(teamRooms.organisationId, organisationId), eq(teamRooms.teamId, teamId)));
  return { private_rooms: Number(row?.privateRooms ?? 0), shared_beds: Number(row?.sharedBeds ?? 0) };
}

/** Holding bookings per night at the team, from `first` to `last` (nights without any are left out). */
export async function guestsPerNight(
  db: Executor,
  organisationId: number,
  teamId: number,
  first: string,
  last: string,
): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select to_char(n.night, 'YYYY-MM-DD') as night, count(b.id)::int as guests
    from generate_series(${first}::date, ${last}::date, interval '1 day') as n(night)
    join residential_bookings b
      on b.organisation_id = ${organisationId} and b.team_id = ${teamId}
      and b.status in ('pending', 'confirmed')
      and b.start_date <= n.night::date and b.end_date > n.night::date
    group by n.night
  `);
  const guests = new Map<string, number>();
  for (const row of (result as { rows: Array<{ night: string; guests: number | string }> }).rows) {
    guests.set(row.night, Number(row.guests));
  }
  return guests;
}

// ——— Residential opportunities ———

const residentialType = ilike(opportunities.type, `${RESIDENTIAL_TYPE_PREFIX}%`);

/** `id` as a number when it is all digits (a slug may be all digits too, so both are tried). */
function idOrSlug(raw: string): SQL | undefined {
  return /^\d{1,10}$/.test(raw) && Number(raw) <= 2_147_483_647
    ? or(eq(opportunities.id, Number(raw)), eq(opportunities.slug, raw))
    : eq(opportunities.slug, raw);
}

/** A residential opportunity of the organisation by id or slug, with its team, country and first time slot. */
export async function findResidentialOpportunity(db: Executor, organisationId: number, raw: string) {
  const [row] = await db
    .select({
      id: opportunities.id,
      slug: opportunities.slug,
      displayName: opportunities.displayName,
      type: opportunities.type,
      description: opportunities.description,
      publicUrl: opportunities.publicUrl,
      published: opportunities.published,
      roleProfileId: opportunities.roleProfileId,
      startDate: opportunities.startDate,
      endDate: opportunities.endDate,
      county: opportunities.county,
      team: { id: teams.id, name: teams.name },
      countryRegion: countries.region,
      countryName: countries.name,
    })
    .from(opportunities)
    .innerJoin(teams, eq(teams.id, opportunities.teamId))
    .leftJoin(countries, eq(countries.region, opportunities.country))
    .where(and(eq(opportunities.organisationId, organisationId), residentialType, idOrSlug(raw)))
    .orderBy(asc(opportunities.id))
    .limit(1);
  return row ?? null;
}

/** The first time slot of the opportunity's first sub-location (the one whose durations a stay takes). */
export async function firstTimeslotOf(db: Executor, organisationId: number, opportunityId: number) {
  const [row] = await db
    .select({
      id: opportunityTimeslots.id,
      minDuration: opportunityTimeslots.minDuration,
      maxDuration: opportunityTimeslots.maxDuration,
    })
    .from(opportunitySubLocations)
    .innerJoin(opportunityTimeslots, eq(opportunityTimeslots.subLocationId, opportunitySubLocations.id))
    .where(
      and(
        eq(opportunitySubLocations.organisationId, organisationId),
        eq(opportunitySubLocations.opportunityId, opportunityId),
      ),
    )
    .orderBy(
      asc(opportunitySubLocations.position),
      asc(opportunitySubLocations.id),
      asc(opportunityTimeslots.position),
      asc(opportunityTimeslots.id),
    )
    .limit(1);
  return row ?? null;
}

/** Sets the stay lengths on the opportunity's first time slot, making a sub-location and a slot when it has none. */
export async function writeDurations(
  db: Executor,
  organisationId: number,
  opportunityId: number,
  durations: { minDuration: number | null; maxDuration: number | null },
): Promise<void> {
  const slot = await firstTimeslotOf(db, organisationId, opportunityId);
  if (slot) {
    await db
      .update(opportunityTimeslots)
      .set(durations)
      .where(
        and(eq(opportunityTimeslots.organisationId, organisationId), eq(opportunityTimeslots.id, slot.id)),
      );
    return;
  }
  const [location] = await db
    .insert(opportunitySubLocations)
    .values({ organisationId, opportunityId, name: 'Accommodation', position: 0 })
    .returning({ id: opportunitySubLocations.id });
  assertInserted(location, 'sub-location');
  await db
    .insert(opportunityTimeslots)
    .values({ organisationId, subLocationId: location.id, position: 0, ...durations });
}

/** True when the slug is used by another opportunity of the organisation. */
export async function slugTaken(
  db: Executor,
  organisationId: number,
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(and(eq(opportunities.organisationId, organisationId), eq(opportunities.slug, slug)));
  return rows.some((row) => row.id !== exceptId);
}

/** True when the role profile is the organisation's. */
export async function roleProfileExists(db: Executor, organisationId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: roleProfiles.id })
    .from(roleProfiles)
    .where(and(eq(roleProfiles.organisationId, organisationId), eq(roleProfiles.id, id)));
  return rows.length > 0;
}

/** The country (global reference data) by region code, or null. */
export async function findCountry(db: Executor, region: string) {
  const [row] = await db
    .select({ region: countries.region, name: countries.name })
    .from(countries)
    .where(eq(countries.region, region));
  return row ?? null;
}

/** Writes a residential opportunity; answers its id. */
export async function insertOpportunity(
  db: Executor,
  organisationId: number,
  fields: Omit<typeof opportunities.$inferInsert, 'organisationId'>,
): Promise<number> {
  const [row] = await db
    .insert(opportunities)
    .values({ organisationId, ...fields })
    .returning({ id: opportunities.id });
  assertInserted(row, 'opportunity');
  return row.id;
}

/** Writes changed fields of an opportunity. */
export async function updateOpportunity(
  db: Executor,
  organisationId: number,
  opportunityId: number,
  fields: Partial<typeof opportunities.$inferInsert>,
): Promise<void> {
  if (Object.keys(fields).length === 0) {
    return;
  }
  await db
    .update(opportunities)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(opportunities.organisationId, organisationId), eq(opportunities.id, opportunityId)));
}

/** How many applications the opportunity has (any status). */
export async function applicationCount(
  db: Executor,
  organisationId: number,
  opportunityId: number,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(applications)
    .where(
      and(eq(applications.organisationId, organisationId), eq(applications.opportunityId, opportunityId)),
    );
  return row?.total ?? 0;
}

/** Deletes an opportunity (its places and slots go with it). */
export async function deleteOpportunity(
  db: Executor,
  organisationId: number,
  opportunityId: number,
): Promise<void> {
  await db
    .delete(opportunities)
    .where(and(eq(opportunities.organisationId, organisationId), eq(opportunities.id, opportunityId)));
}

/** Published residential opportunities that have not ended, per county of the country (null: none given). */
export async function countyCounts(db: Executor, organisationId: number, region: string, today: string) {
  const key = sql`lower(${opportunities.county})`;
  const rows = await db
    .select({ name: sql<string | null>`min(${opportunities.county})`, total: count() })
    .from(opportunities)
    .where(
      and(
        eq(opportunities.organisationId, organisationId),
        residentialType,
        eq(opportunities.published, true),
        or(isNull(opportunities.endDate), gte(opportunities.endDate, today)),
        eq(opportunities.country, region),
      ),
    )
    .groupBy(key)
    .orderBy(key);
  return rows.map((row) => ({ name: row.name, total: Number(row.total) }));
}

/** Which of the organisation's residential opportunities a relocation changes. */
export type OpportunityPlace = { ids: readonly number[] } | { country: string; county?: string };

function placeWhere(organisationId: number, place: OpportunityPlace): SQL | undefined {
  return and(
    eq(opportunities.organisationId, organisationId),
    residentialType,
    'ids' in place
      ? inArray(opportunities.id, [...place.ids])
      : and(
          eq(opportunities.country, place.country),
          place.county === undefined
            ? undefined
            : sql`lower(${opportunities.county}) = lower(${place.county})`,
        ),
  );
}

/** The ids of the organisation's residential opportunities at the place. */
export async function opportunitiesAt(
  db: Executor,
  organisationId: number,
  place: OpportunityPlace,
): Promise<number[]> {
  const rows = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(placeWhere(organisationId, place));
  return rows.map((row) => row.id);
}

/** Sets the country and county of the organisation's residential opportunities at the place; answers how many changed. */
export async function relocateOpportunities(
  db: Executor,
  organisationId: number,
  place: OpportunityPlace,
  to: { country?: string | null; county?: string | null },
): Promise<number> {
  const rows = await db
    .update(opportunities)
    .set({ ...to, updatedAt: new Date() })
    .where(placeWhere(organisationId, place))
    .returning({ id: opportunities.id });
  return rows.length;
}

// ——— A room's closures ———

/** True when the room is one of the team's, in the organisation. */
export async function roomOfTeam(db: Executor, organisationId: number, teamId: number, roomId: number) {
  const rows = await db
    .select({ id: teamRooms.id })
    .from(teamRooms)
    .where(
      and(
        eq(teamRooms.organisationId, organisationId),
        eq(teamRooms.teamId, teamId),
        eq(teamRooms.id, roomId),
      ),
    );
  return rows.length > 0;
}

const periodColumns = {
  id: teamRoomUnavailablePeriods.id,
  room_id: teamRoomUnavailablePeriods.roomId,
  from_date: teamRoomUnavailablePeriods.fromDate,
  to_date: teamRoomUnavailablePeriods.toDate,
  reason: teamRoomUnavailablePeriods.reason,
};

function periodScope(organisationId: number, roomId: number, periodId?: number): SQL | undefined {
  return and(
    eq(teamRoomUnavailablePeriods.organisationId, organisationId),
    eq(teamRoomUnavailablePeriods.roomId, roomId),
    periodId === undefined ? undefined : eq(teamRoomUnavailablePeriods.id, periodId),
  );
}

/** One page of the room's closures, earliest first, with the total. */
export async function listPeriodPage(
  db: Executor,
  organisationId: number,
  roomId: number,
  page: { limit: number; offset: number },
) {
  const where = periodScope(organisationId, roomId);
  const [rows, totals] = await Promise.all([
    db
      .select(periodColumns)
      .from(teamRoomUnavailablePeriods)
      .where(where)
      .orderBy(asc(teamRoomUnavailablePeriods.fromDate), asc(teamRoomUnavailablePeriods.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(teamRoomUnavailablePeriods).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One closure of the room; null when not its. */
export async function findPeriod(db: Executor, organisationId: number, roomId: number, periodId: number) {
  const [row] = await db
    .select(periodColumns)
    .from(teamRoomUnavailablePeriods)
    .where(periodScope(organisationId, roomId, periodId));
  return row ?? null;
}

/** Writes a closure of the room; answers its id. */
export async function insertPeriod(
  db: Executor,
  organisationId: number,
  roomId: number,
  period: { fromDate: string; toDate: string; reason: string | null },
): Promise<number> {
  const [row] = await db
    .insert(teamRoomUnavailablePeriods)
    .values({ organisationId, roomId, ...period })
    .returning({ id: teamRoomUnavailablePeriods.id });
  assertInserted(row, 'unavailable period');
  return row.id;
}

/** Writes changed fields of a closure. */
export async function updatePeriod(
  db: Executor,
  organisationId: number,
  roomId: number,
  periodId: number,
  fields: Partial<{ fromDate: string; toDate: string; reason: string | null }>,
): Promise<void> {
  await db
    .update(teamRoomUnavailablePeriods)
    .set(fields)
    .where(periodScope(organisationId, roomId, periodId));
}

/** Deletes a closure; answers whether there was one. */
export async function deletePeriod(db: Executor, organisationId: number, roomId: number, periodId: number) {
  const rows = await db
    .delete(teamRoomUnavailablePeriods)
    .where(periodScope(organisationId, roomId, periodId))
    .returning({ id: teamRoomUnavailablePeriods.id });
  return rows.length > 0;
}
