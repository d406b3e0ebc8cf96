import { sql, type SQL } from 'drizzle-orm';
import type { ReportScope } from '../report.js';
import { personFilter, teamFilter, withinPeriod } from '../sql.js';

/*
 * The SQL pieces the activities reports share (docs/reports.md "Activities"). An activity belongs
 * to the period by the day it starts in the organisation's time zone; a person took part when
 * their participation is marked attended.
 */

/**
 * The activities (`a`) of the organisation that start on a day of the period (in its time zone).
 * Written as a range of instants on the column itself, from the first day's local midnight to the
 * next day's after the last, so that the index on it serves the query and the planner can use the
 * column's statistics to estimate how many activities match.
 */
export function startsInPeriod(scope: ReportScope): SQL {
  return sql`a.organisation_id = ${scope.organisationId}
    and ${withinPeriod(sql`a.starts_at`, scope.period, scope.timezone)}`;
}

/**
 * The activities (`a`) a report about activities counts: starting in the period, run by one of
 * the chosen teams when any are chosen (an activity for the whole organisation belongs to none).
 */
export function activitiesInScope(scope: ReportScope): SQL {
  return sql`${startsInPeriod(scope)} and ${teamFilter(sql`a.team_id`, scope.team)}`;
}

/**
 * The participations (`p`) a report about activities counts: in reports that group activities,
 * the team filter has already chosen the activities, so only the role profile narrows the people.
 */
export function participantsInScope(scope: ReportScope): SQL {
  return sql`p.organisation_id = ${scope.organisationId}
    and ${personFilter(sql`p.user_id`, { ...scope, team: [] })}`;
}

/**
 * The hours a participation (`p` of activity `a`) is credited with: the person's own when
 * recorded, else the activity's, else the time from its start to its end, else none.
 */
export const participationHours: SQL = sql`coalesce(
  p.hours::numeric,
  a.hours::numeric,
  (extract(epoch from (a.ends_at - a.starts_at)) / 3600)::numeric,
  0)`;

/** A sum of hours as the reports answer it: a number to two decimal places, 0 for none. */
export function hoursTotal(hours: SQL): SQL {
  return sql`round(coalesce(sum(${hours}), 0)::numeric, 2)::float8`;
}
