import { sql, type SQL } from 'drizzle-orm';
import { USER_STATUS } from '../../../db/seed/reference-data.js';
import { HttpError } from '../../../plugins/errors.js';
import type { ReportScope } from '../report.js';
import { onOrBefore, personFilter, rowsOf } from '../sql.js';

/*
 * Pieces the people reports of logins, checkpoints, missing data, skills, vetting and touchpoints
 * share (docs/reports.md "People reports"). Days follow the day rule of `../sql.ts`.
 */

/**
 * True for the users (`u`) who are the organisation's current people on the period's last day:
 * not left or blocked, their account made by then, and within the team and role filters. Reports
 * of how things stand (missing data, who never signed in, vetting by person) count these; reports
 * of what happened count every person the records name.
 */
export function currentPeople(scope: ReportScope): SQL {
  return sql`u.organisation_id = ${scope.organisationId}
    and u.status_id not in (${USER_STATUS.left}::int, ${USER_STATUS.blocked}::int)
    and ${onOrBefore(sql`u.created_at`, scope.period.to, scope.timezone)}
    and ${personFilter(sql`u.id`, scope)}`;
}

/** What a report's figures cover: its period and filters, as every answer's `meta`. */
export function metaOf(scope: ReportScope) {
  return { ...scope.period, team: scope.team, role_profile: scope.roleProfile };
}

/** A skill of the organisation named by the path (`{id}`), with its name; 404 for any other. */
export async function skillOf(scope: ReportScope): Promise<{ id: number; name: string }> {
  const [skill] = await rowsOf<{ id: number; name: string }>(
    scope.db,
    sql`select s.id, s.name from skills s where s.id = ${scope.params.id} and s.organisation_id = ${scope.organisationId}`,
  );
  if (!skill) {
    throw new HttpError(404, 'The skill was not found.');
  }
  return skill;
}

/** 404 unless the path's `{userId}` is a user of the organisation. */
export async function assertUserOf(scope: ReportScope): Promise<void> {
  const [user] = await rowsOf<{ id: number }>(
    scope.db,
    sql`select u.id from users u where u.id = ${scope.params.userId} and u.organisation_id = ${scope.organisationId}`,
  );
  if (!user) {
    throw new HttpError(404, 'The user was not found.');
  }
}

/** A user skill (`us`) held on some day of the period: recorded by its end, not lapsed before its start. */
export function skillHeldInPeriod(scope: ReportScope): SQL {
  return sql`${onOrBefore(sql`us.created_at`, scope.period.to, scope.timezone)}
    and (us.expires_on is null or us.expires_on >= ${scope.period.from}::date)`;
}
