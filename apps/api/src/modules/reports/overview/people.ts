import { sql, type SQL } from 'drizzle-orm';
import { onOrBefore, roleFilter, teamFilter } from '../sql.js';

/*
 * SQL pieces about people that the overview, training, expenses and headline-figure reports
 * share: a person's shown name and who was "in post" on a given day. Days follow the day rule of
 * `../sql.ts`.
 */

/**
 * A `timestamptz` column as ISO 8601 text in UTC (`2026-05-01T09:00:00.000Z`), as the API writes
 * times; text, so that both drivers hand over the same string.
 */
export function isoUtc(column: SQL): SQL {
  return sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The name shown for a user row (`alias`): the preferred first name when given, then the last name. */
export function personName(alias: SQL): SQL {
  return sql`trim(coalesce(nullif(trim(${alias}.preferred_name), ''), ${alias}.first_name) || ' ' || ${alias}.last_name)`;
}

/** Whose roles count, and the calendar a role's start is read in. */
type InPostScope = {
  organisationId: number;
  team: readonly number[];
  roleProfile: readonly number[];
  timezone: string;
};

/**
 * True when the user (`userColumn`) held a role on `day` (given on or before it, not ended
 * before it), in the chosen teams and role profiles when any are chosen: "in post" that day.
 */
export function inPostOn(userColumn: SQL, scope: InPostScope, day: string): SQL {
  return sql`exists (
    select 1 from user_roles ip
    where ip.user_id = ${userColumn}
      and ip.organisation_id = ${scope.organisationId}
      and ${teamFilter(sql`ip.team_id`, scope.team)}
      and ${roleFilter(sql`ip.role_profile_id`, scope.roleProfile)}
      and ${onOrBefore(sql`ip.created_at`, day, scope.timezone)}
      and (ip.end_date is null or ip.end_date >= ${day}::date))`;
}

/** A report's `meta`: the period and the filters it was computed for. */
export function metaOf(scope: {
  period: { from: string; to: string };
  team: number[];
  roleProfile: number[];
}) {
  return { ...scope.period, team: scope.team, role_profile: scope.roleProfile };
}
