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
      and fr.created_at::date <= ${scope.period.to}::date
      and (fr.end_date is null or fr.end_date >= ${scope.period.from}::date))`;
}
