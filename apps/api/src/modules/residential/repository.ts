import { and, asc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ResidentialBookingSummary } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { assertInserted } from '../../db/rows.js';
import {
  residentialBookingLinkedApplicants,
  residentialBookingStatuses,
  residentialBookings,
  residentialCancelReasons,
  teamChangeoverDays,
  teams,
  users,
  type ResidentialBookingStatus,
} from '../../db/schema/index.js';

/** Bookings that hold their nights: cancelled ones free them. */
export const HOLDING_STATUSES: readonly ResidentialBookingStatus[] = ['pending', 'confirmed'];

/** The team, when it belongs to the organisation. */
export async function findTeam(
  db: Executor,
  organisationId: number,
  teamId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), eq(teams.id, teamId)));
  return row ?? null;
}

/**
 * Locks the team row until the transaction ends, so that bookings at one team are taken one at a
 * time: whoever holds the lock re-reads capacity knowing nobody else can take it meanwhile.
 */
export async function lockTeam(db: Executor, organisationId: number, teamId: number): Promise<boolean> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), eq(teams.id, teamId)))
    .for('update');
  return rows.length > 0;
}

/**
 * Locks the user row until the transaction ends, so that one person's bookings (at any team) are
 * taken one at a time and two racing submits cannot book overlapping stays at two teams. Taken
 * before the team's lock, always in that order.
 */
export async function lockUser(db: Executor, organisationId: number, userId: number): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)))
    // Not FOR UPDATE: rows being written that refer to the user (their key share) need not wait.
    .for('no key update');
}

/** The team's changeover days, oldest first. */
export async function listChangeoverDays(
  db: Executor,
  organisationId: number,
  teamId: number,
): Promise<Array<{ start_date: string; end_date: string | null; day_of_week: number }>> {
  return db
    .select({
      start_date: teamChangeoverDays.startDate,
      end_date: teamChangeoverDays.endDate,
      day_of_week: teamChangeoverDays.dayOfWeek,
    })
    .from(teamChangeoverDays)
    .where(and(eq(teamChangeoverDays.organisationId, organisationId), eq(teamChangeoverDays.teamId, teamId)))
    .orderBy(asc(teamChangeoverDays.startDate), asc(teamChangeoverDays.id));
}

type NightRow = { night: string; available_capacity: number | string };

/**
 * Places free on each night from `firstNight` to `lastNight` (both included) at a team, for a
 * guest who will (`willingToShare`) or will not share a room with strangers. One query: the nights
 * come from generate_series; per night it counts the open rooms (private rooms, beds in shared
 * rooms, leaving out rooms in an unavailable period) and the holding bookings (unwilling and
 * willing guests), then hands out places as docs/residential.md describes:
 *
 * - unwilling guests each take a whole private room;
 * - willing guests take shared beds first, and a private room each once shared beds run out;
 * - free for an unwilling guest: private rooms left; for a willing guest: shared beds left plus
 *   private rooms left. Never below zero (a room closed after it was booked overfills a night).
 * - a capacity limit on the night (the lowest, when several) caps it at the limit less the
 *   guests already there.
 *
 * `excludeBookingId` leaves one booking out of the guests: a stay being moved is judged against
 * the nights as they would be without it.
 */
export async function nightlyAvailability(
  db: Executor,
  organisationId: number,
  teamId: number,
  firstNight: string,
  lastNight: string,
  willingToShare: boolean,
  excludeBookingId: number | null = null,
): Promise<Record<string, { available_capacity: number }>> {
  const result = await db.execute(sql`
    with nights as (
      select night::date as night
      from generate_series(${firstNight}::date, ${lastNight}::date, interval '1 day') as night
    ),
    open_rooms as (
      select n.night,
        coalesce(sum(r.beds) filter (where r.shared), 0)::int as shared_beds,
        (count(*) filter (where not r.shared))::int as private_rooms
      from nights n
      join team_rooms r on r.organisation_id = ${organisationId} and r.team_id = ${teamId}
      where not exists (
        select 1 from team_room_unavailable_periods p
        where p.room_id = r.id and p.organisation_id = ${organisationId}
          and n.night between p.from_date and p.to_date
      )
      group by n.night
    ),
    guests as (
      select n.night,
        (count(*) filter (where not b.willing_to_share))::int as unwilling,
        (count(*) filter (where b.willing_to_share))::int as willing
      from nights n
      join residential_bookings b
        on b.organisation_id = ${organisationId} and b.team_id = ${teamId}
        and b.status in ('pending', 'confirmed')
        and b.start_date <= n.night and b.end_date > n.night
        and b.id <> ${excludeBookingId ?? 0}
      where b.start_date <= ${lastNight}::date and b.end_date > ${firstNight}::date
      group by n.night
    ),
    limits as (
      select n.night, min(l.max_guests)::int as max_guests
      from nights n
      join residential_capacity_limits l
        on l.organisation_id = ${organisationId} and l.team_id = ${teamId}
        and n.night between l.from_date and l.to_date
      group by n.night
    ),
    places as (
      select n.night, lim.max_guests - coalesce(g.willing, 0) - coalesce(g.unwilling, 0) as free_limit,
        coalesce(o.shared_beds, 0) - least(coalesce(g.willing, 0), coalesce(o.shared_beds, 0)) as free_shared,
        coalesce(o.private_rooms, 0) - coalesce(g.unwilling, 0)
          - (coalesce(g.willing, 0) - least(coalesce(g.willing, 0), coalesce(o.shared_beds, 0))) as free_private
      from nights n
      left join open_rooms o on o.night = n.night
      left join guests g on g.night = n.night
      left join limits lim on lim.night = n.night
    )
    select to_char(night, 'YYYY-MM-DD') as night,
      least(
        case when ${willingToShare}::boolean
          then greatest(free_shared, 0) + greatest(free_private, 0)
          else greatest(free_private, 0)
        end,
        greatest(coalesce(free_limit, 2147483647), 0)
      ) as available_capacity
    from places
    order by night
  `);
  const map: Record<string, { available_capacity: number }> = {};
  // Both drivers answer `{rows}`; the shared Database type leaves the result untyped.
  for (const row of (result as { rows: NightRow[] }).rows) {
    map[row.night] = { available_capacity: Number(row.available_capacity) };
  }
  return map;
}

/** A booking as the form and the portal list show it, with the team it is at and its status. */
type UserBooking = Required<ResidentialBookingSummary>;

/** The user's bookings in `statuses` (at any team of the organisation) that meet `dates`, earliest first. */
async function selectUserBookings(
  db: Executor,
  organisationId: number,
  userId: number,
  options: { dates: SQL[]; statuses: readonly ResidentialBookingStatus[]; limit?: number },
): Promise<UserBooking[]> {
  const query = db
    .select({
      id: residentialBookings.id,
      start_date: residentialBookings.startDate,
      end_date: residentialBookings.endDate,
      status: residentialBookings.status,
      teamId: teams.id,
      teamName: teams.name,
    })
    .from(residentialBookings)
    .innerJoin(teams, eq(teams.id, residentialBookings.teamId))
    .where(
      and(
        eq(residentialBookings.organisationId, organisationId),
        eq(residentialBookings.userId, userId),
        inArray(residentialBookings.status, [...options.statuses]),
        ...options.dates,
      ),
    )
    .orderBy(asc(residentialBookings.startDate), asc(residentialBookings.id));
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows.map(({ teamId, teamName, ...row }) => ({ ...row, team: { id: teamId, name: teamName } }));
}

/**
 * A user's bookings that end after `from` (all when null), earliest first: those that are not
 * cancelled, or every one with `includeCancelled`.
 */
export async function listUserBookings(
  db: Executor,
  organisationId: number,
  userId: number,
  from: string | null,
  includeCancelled = false,
): Promise<UserBooking[]> {
  return selectUserBookings(db, organisationId, userId, {
    dates: from === null ? [] : [gt(residentialBookings.endDate, from)],
    statuses: includeCancelled ? residentialBookingStatuses : HOLDING_STATUSES,
  });
}

/** True when the user belongs to the organisation. */
export async function userExists(db: Executor, organisationId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
  return rows.length > 0;
}

/**
 * The user's first holding booking (at any team of the organisation: nobody stays in two places)
 * sharing a night with the stay from `startDate` to `endDate`: it overlaps it or lies inside it.
 * A booking departing on the day the stay arrives shares no night. `excludeBookingId`: the stay
 * being moved, which is not in its own way.
 */
export async function findOverlappingBooking(
  db: Executor,
  organisationId: number,
  userId: number,
  startDate: string,
  endDate: string,
  excludeBookingId: number | null = null,
): Promise<Omit<UserBooking, 'status'> | null> {
  const [booking] = await selectUserBookings(db, organisationId, userId, {
    dates: [
      lt(residentialBookings.startDate, endDate),
      gt(residentialBookings.endDate, startDate),
      ...(excludeBookingId === null ? [] : [ne(residentialBookings.id, excludeBookingId)]),
    ],
    statuses: HOLDING_STATUSES,
    limit: 1,
  });
  if (!booking) {
    return null;
  }
  // The existing-booking screen names the stay in the way; it holds its nights, whatever its status.
  const { status: _status, ...inTheWay } = booking;
  return inTheWay;
}

export type NewBooking = {
  userId: number;
  applicationId: number | null;
  teamId: number;
  startDate: string;
  endDate: string;
  willingToShare: boolean;
  requirementsRadio: boolean;
  requirements: string | null;
  genderId: number;
  linked: readonly string[];
};

/** Writes a pending booking and the names of the people it is linked with; answers its id. */
export async function insertBooking(
  db: Executor,
  organisationId: number,
  booking: NewBooking,
): Promise<number> {
  const { linked, ...fields } = booking;
  const [row] = await db
    .insert(residentialBookings)
    .values({ organisationId, ...fields, status: 'pending' })
    .returning({ id: residentialBookings.id });
  assertInserted(row, 'residential booking');
  await insertLinkedApplicants(db, organisationId, row.id, linked);
  return row.id;
}

/** Writes the names of the people a booking is linked with, in their order. */
async function insertLinkedApplicants(
  db: Executor,
  organisationId: number,
  bookingId: number,
  linked: readonly string[],
): Promise<void> {
  if (linked.length > 0) {
    await db
      .insert(residentialBookingLinkedApplicants)
      .values(linked.map((name, position) => ({ organisationId, bookingId, name, position })));
  }
}

/** Replaces the names of the people a booking is linked with, keeping the order given. */
export async function replaceLinkedApplicants(
  db: Executor,
  organisationId: number,
  bookingId: number,
  linked: readonly string[],
): Promise<void> {
  await db
    .delete(residentialBookingLinkedApplicants)
    .where(
      and(
        eq(residentialBookingLinkedApplicants.organisationId, organisationId),
        eq(residentialBookingLinkedApplicants.bookingId, bookingId),
      ),
    );
  await insertLinkedApplicants(db, organisationId, bookingId, linked);
}

/** The booking an application holds (pending or confirmed), if any: the earliest when several. */
export async function findApplicationBooking(
  db: Executor,
  organisationId: number,
  applicationId: number,
): Promise<{ id: number; start_date: string; end_date: string } | null> {
  const [row] = await db
    .select({
      id: residentialBookings.id,
      start_date: residentialBookings.startDate,
      end_date: residentialBookings.endDate,
    })
    .from(residentialBookings)
    .where(
      and(
        eq(residentialBookings.organisationId, organisationId),
        eq(residentialBookings.applicationId, applicationId),
        inArray(residentialBookings.status, [...HOLDING_STATUSES]),
      ),
    )
    .orderBy(asc(residentialBookings.startDate), asc(residentialBookings.id))
    .limit(1);
  return row ?? null;
}

/**
 * Rewrites the applicant's answers on a booking (not its dates or sharing, which hold its place):
 * gender identity, anything else to know, and the linked names.
 */
export async function updateBookingAnswers(
  db: Executor,
  organisationId: number,
  bookingId: number,
  answers: Pick<NewBooking, 'genderId' | 'requirementsRadio' | 'requirements' | 'linked'>,
): Promise<void> {
  const { linked, ...fields } = answers;
  await db
    .update(residentialBookings)
    .set(fields)
    .where(
      and(eq(residentialBookings.organisationId, organisationId), eq(residentialBookings.id, bookingId)),
    );
  await replaceLinkedApplicants(db, organisationId, bookingId, linked);
}

const canceller = alias(users, 'canceller');

/**
 * Bookings with their person, team, cancellation reason and whoever cancelled them: the query the
 * person's own booking and the staff lists share; callers add the organisation's scope.
 */
export function selectBookings(db: Executor) {
  return db
    .select({
      id: residentialBookings.id,
      userId: residentialBookings.userId,
      applicationId: residentialBookings.applicationId,
      status: residentialBookings.status,
      startDate: residentialBookings.startDate,
      endDate: residentialBookings.endDate,
      willingToShare: residentialBookings.willingToShare,
      requirementsRadio: residentialBookings.requirementsRadio,
      requirements: residentialBookings.requirements,
      genderId: residentialBookings.genderId,
      createdAt: residentialBookings.createdAt,
      cancelNote: residentialBookings.cancelNote,
      cancelledAt: residentialBookings.cancelledAt,
      team: { id: teams.id, name: teams.name },
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        preferredName: users.preferredName,
      },
      reason: { id: residentialCancelReasons.id, name: residentialCancelReasons.name },
      cancelledBy: {
        id: canceller.id,
        firstName: canceller.firstName,
        lastName: canceller.lastName,
        preferredName: canceller.preferredName,
      },
    })
    .from(residentialBookings)
    .innerJoin(teams, eq(teams.id, residentialBookings.teamId))
    .innerJoin(users, eq(users.id, residentialBookings.userId))
    .leftJoin(residentialCancelReasons, eq(residentialCancelReasons.id, residentialBookings.cancelReasonId))
    .leftJoin(canceller, eq(canceller.id, residentialBookings.cancelledByUserId));
}

/** One booking of the user with its team, its cancellation and whoever cancelled it; null when it is not theirs. */
export async function findUserBooking(
  db: Executor,
  organisationId: number,
  userId: number,
  bookingId: number,
) {
  const [row] = await selectBookings(db)
    .where(
      and(
        eq(residentialBookings.organisationId, organisationId),
        eq(residentialBookings.userId, userId),
        eq(residentialBookings.id, bookingId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The linked names of each of the bookings, in their order. */
export async function linkedNamesOf(
  db: Executor,
  organisationId: number,
  bookingIds: readonly number[],
): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (bookingIds.length === 0) {
    return names;
  }
  const rows = await db
    .select({
      bookingId: residentialBookingLinkedApplicants.bookingId,
      name: residentialBookingLinkedApplicants.name,
    })
    .from(residentialBookingLinkedApplicants)
    .where(
      and(
        eq(residentialBookingLinkedApplicants.organisationId, organisationId),
        inArray(residentialBookingLinkedApplicants.bookingId, [...bookingIds]),
      ),
    )
    .orderBy(asc(residentialBookingLinkedApplicants.position), asc(residentialBookingLinkedApplicants.id));
  for (const row of rows) {
    names.set(row.bookingId, [...(names.get(row.bookingId) ?? []), row.name]);
  }
  return names;
}

/** The names of the people a booking is linked with, in their order. */
export async function listLinkedApplicants(
  db: Executor,
  organisationId: number,
  bookingId: number,
): Promise<string[]> {
  const names = await linkedNamesOf(db, organisationId, [bookingId]);
  return names.get(bookingId) ?? [];
}

/**
 * Locks the user's booking until the transaction ends and answers its status and arrival, so
 * that two cancellations of one stay run one after the other; null when it is not theirs.
 */
export async function lockUserBooking(
  db: Executor,
  organisationId: number,
  userId: number,
  bookingId: number,
): Promise<{ status: ResidentialBookingStatus; startDate: string } | null> {
  const [row] = await db
    .select({ status: residentialBookings.status, startDate: residentialBookings.startDate })
    .from(residentialBookings)
    .where(
      and(
        eq(residentialBookings.organisationId, organisationId),
        eq(residentialBookings.userId, userId),
        eq(residentialBookings.id, bookingId),
      ),
    )
    .for('update');
  return row ?? null;
}

/**
 * True when the reason is one of the organisation's: with `offeredOnly`, only while it is still
 * offered (a person picks from those); staff may record a retired one.
 */
export async function cancelReasonExists(
  db: Executor,
  organisationId: number,
  reasonId: number,
  options: { offeredOnly: boolean },
): Promise<boolean> {
  const [row] = await db
    .select({ id: residentialCancelReasons.id })
    .from(residentialCancelReasons)
    .where(
      and(
        eq(residentialCancelReasons.organisationId, organisationId),
        eq(residentialCancelReasons.id, reasonId),
        options.offeredOnly ? eq(residentialCancelReasons.active, true) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** True when the reason is one of the organisation's and still offered. */
export async function activeCancelReasonExists(
  db: Executor,
  organisationId: number,
  reasonId: number,
): Promise<boolean> {
  return cancelReasonExists(db, organisationId, reasonId, { offeredOnly: true });
}

/** Marks the booking cancelled with why, who and when: from then on it holds no nights. */
export async function markBookingCancelled(
  db: Executor,
  organisationId: number,
  bookingId: number,
  cancellation: { reasonId: number; note: string | null; at: Date; byUserId: number },
): Promise<void> {
  await db
    .update(residentialBookings)
    .set({
      status: 'cancelled',
      cancelReasonId: cancellation.reasonId,
      cancelNote: cancellation.note,
      cancelledAt: cancellation.at,
      cancelledByUserId: cancellation.byUserId,
    })
    .where(
      and(eq(residentialBookings.organisationId, organisationId), eq(residentialBookings.id, bookingId)),
    );
}
