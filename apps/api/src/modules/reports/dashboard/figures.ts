import { sql, type SQL } from 'drizzle-orm';
import type { StatRow, StatUnit } from '@muster/contract';
import type { ReportScope } from '../report.js';
import { withinPeriod } from '../sql.js';

/*
 * What the three headline-figure calls share: how a list of named figures is laid out, and how
 * volunteering (attended shifts and event sessions, and their hours) is counted.
 */

/** A figure's name as shown and what it counts. */
export type StatDefinition = { label: string; unit: StatUnit };

/** The figures in the order of `keys`, each with its label, unit and value. */
export function statRows<K extends string>(
  keys: readonly K[],
  definitions: Record<K, StatDefinition>,
  values: Record<K, number | null>,
): StatRow<K>[] {
  return keys.map((key) => ({ key, ...definitions[key], value: values[key] }));
}

/** Hours to two decimal places, as the figures show them. */
export function roundHours(hours: number): number {
  return Math.round(hours * 100) / 100;
}

/**
 * Scalar subqueries over attended shifts and event sessions in the period of the people `who`
 * picks (a condition on a user id column): their counts and hours. A shift's hours run from its
 * start to its end time, past midnight when the end is earlier; a session counts on the day it
 * starts in the organisation's calendar.
 */
export function volunteering(scope: ReportScope, who: (userColumn: SQL) => SQL) {
  const { organisationId, period } = scope;
  const attendedShifts = sql`
    from signups g
    join shifts s on s.id = g.shift_id and s.organisation_id = ${organisationId}
    where g.organisation_id = ${organisationId}
      and g.status = 'attended'
      and s.date between ${period.from}::date and ${period.to}::date
      and ${who(sql`g.user_id`)}`;
  const attendedSessions = sql`
    from session_attendees sa
    join event_sessions es on es.id = sa.session_id and es.organisation_id = ${organisationId}
    where sa.organisation_id = ${organisationId}
      and sa.status = 'attended'
      and ${withinPeriod(sql`es.starts_at`, period, scope.timezone)}
      and ${who(sql`sa.user_id`)}`;
  const shiftHours = sql`extract(epoch from (s.end_time - s.start_time)) / 3600
    + case when s.end_time < s.start_time then 24 else 0 end`;
  return {
    shiftsAttended: sql`(select count(*) ${attendedShifts})::int`,
    sessionsAttended: sql`(select count(*) ${attendedSessions})::int`,
    hours: sql`(
      (select coalesce(sum(${shiftHours}), 0) ${attendedShifts})
      + (select coalesce(sum(extract(epoch from (es.ends_at - es.starts_at)) / 3600), 0) ${attendedSessions})
    )::float8`,
  };
}
