import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/*
 * The SQL pieces every report shares. Reports are the one place where plain SQL reads best
 * (grouped counts over several tables); every query is scoped by organisation.
 */

/** Runs a read-only report query and answers its rows (both drivers answer `{rows}`). */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  // The database type is generic over both drivers, so `execute` is typed loosely; both answer `{rows}`.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A list report's records (`ReportRows`): `query`'s rows as `to_json` objects (keys in the
 * query's column order), in `order`, applied over the query's columns. The export's snapshot
 * reads the same records the same way, so both see equal values whichever driver answers.
 */
export async function listRecordsOf(
  db: Database,
  query: SQL,
  order: SQL,
): Promise<Record<string, unknown>[]> {
  const rows = await rowsOf<{ list_record: Record<string, unknown> }>(
    db,
    sql`select to_json(q) as list_record from (${query}) q order by ${order}`,
  );
  return rows.map((row) => row.list_record);
}

/** Which page of a list report to answer: `page` from 1, `perPage` rows each. */
export type ListPage = { page: number; perPage: number };

/**
 * One page of a list report's records (see {@link listRecordsOf}) and how many records the whole
 * list holds, in one round trip. The page is sorted inside the query itself (`order by … limit`
 * appended to it, over its output columns): a query opening with `with` is never merged into an
 * outer one, so sorted outside it would be computed whole, every column of every row, before
 * the sort; sorted inside, PostgreSQL can read an index in order, or build the costly columns
 * for the page's rows only. The count reads only what filters the rows (PostgreSQL drops the
 * columns nobody reads). Measured at 1M people (docs/reports.md "Paging"), this beat both a sort
 * outside the query and one pass with `count(*) over ()`, which must build every column of every
 * row. The page's records come back as one JSON array ordered again by `order` (a subquery's
 * order promises nothing); a page past the end is empty and still carries the total.
 */
export async function listPageOf(
  db: Database,
  query: SQL,
  order: SQL,
  page: ListPage,
): Promise<{ records: Record<string, unknown>[]; total: number }> {
  const offset = (page.page - 1) * page.perPage;
  const [row] = await rowsOf<{ total: number | string; records: Record<string, unknown>[] | string | null }>(
    db,
    sql`select
      (select count(*) from (${query}) c)::int as total,
      (select json_agg(to_json(p) order by ${order}) from (
        ${query}
        order by ${order} limit ${page.perPage}::int offset ${offset}::bigint
      ) p) as records`,
  );
  // json arrives parsed from both drivers; the guard keeps a driver that answers text honest.
  const records: unknown = typeof row?.records === 'string' ? JSON.parse(row.records) : row?.records;
  return { records: (records ?? []) as Record<string, unknown>[], total: Number(row?.total ?? 0) };
}

/*
 * The day rule (docs/reports.md): a timestamp falls on the day it was in the organisation's time
 * zone (`ReportScope.timezone`), whatever zone the database session runs in, so a volunteer who
 * joined at 00:30 on 1 June in London (23:30 UTC on 31 May) joined on 1 June. Date columns (an
 * end date, a day spent) are already days and are compared as they are. Conditions are written
 * as ranges of instants on the column itself where they can be, so an index on it still serves.
 */

/** The first instant of `day` (`YYYY-MM-DD`, or a date expression) in the time zone. */
export function startOfDay(day: SQL | string, timezone: string): SQL {
  return sql`((${day})::date::timestamp at time zone ${timezone}::text)`;
}

/** The day (`date`) a `timestamptz` expression falls on in the time zone. */
export function dayOf(column: SQL, timezone: string): SQL {
  return sql`((${column}) at time zone ${timezone}::text)::date`;
}

/** True when a `timestamptz` column falls on `day` or an earlier day in the time zone. */
export function onOrBefore(column: SQL, day: SQL | string, timezone: string): SQL {
  return sql`${column} < ${startOfDay(sql`(${day})::date + 1`, timezone)}`;
}

/** True when a `timestamptz` column falls on a day of the period (both days included) in the time zone. */
export function withinPeriod(column: SQL, period: { from: string; to: string }, timezone: string): SQL {
  return sql`${column} >= ${startOfDay(period.from, timezone)} and ${onOrBefore(column, period.to, timezone)}`;
}

/** `column in (ids)`, or true when no ids are given (no filter). */
function inList(column: SQL, ids: readonly number[]): SQL {
  if (ids.length === 0) {
    return sql`true`;
  }
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;
}

/** The team filter on a team id column. */
export function teamFilter(column: SQL, team: readonly number[]): SQL {
  return inList(column, team);
}

/** The role profile filter on a role profile id column. */
export function roleFilter(column: SQL, roleProfile: readonly number[]): SQL {
  return inList(column, roleProfile);
}

/**
 * True when the user (`userColumn`) held a role matching the team and role filters on some day of
 * the period; true for everyone when neither filter is given. Reports about people use it so
 * "team" and "role profile" mean the same everywhere.
 */
export function personFilter(
  userColumn: SQL,
  scope: {
    organisationId: number;
    team: readonly number[];
    roleProfile: readonly number[];
    period: { from: string; to: string };
    timezone: string;
  },
): SQL {
  if (scope.team.length === 0 && scope.roleProfile.length === 0) {
    return sql`true`;
  }
  return sql`exists (
    select 1 from user_roles fr
    where fr.user_id = ${userColumn}
      and fr.organisation_id = ${scope.organisationId}
      and ${teamFilter(sql`fr.team_id`, scope.team)}
      and ${roleFilter(sql`fr.role_profile_id`, scope.roleProfile)}
      and ${onOrBefore(sql`fr.created_at`, scope.period.to, scope.timezone)}
      and (fr.end_date is null or fr.end_date >= ${scope.period.from}::date))`;
}
