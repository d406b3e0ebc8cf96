import { sql, type SQL } from 'drizzle-orm';
import type { ReportScope } from '../report.js';
import { inPostOn, personName } from '../overview/people.js';
import { dayOf, onOrBefore } from '../sql.js';

/*
 * What the four training reports share: the people counted (in post on the last day of the
 * period) and where an induction (alias `ui`) stood on that day. A completion counts from the day
 * it was made in the organisation's calendar; it lapses on its `expires_on` day (the module's
 * validity months after completion, as the inductions module stamps it; null: never).
 */

/** `people(id, name)`: everyone in post on the last day of the period, in the chosen teams and role profiles. */
export function peopleInPost(scope: ReportScope): SQL {
  return sql`people as (
    select u.id, ${personName(sql`u`)} as name
    from users u
    where u.organisation_id = ${scope.organisationId}
      and ${inPostOn(sql`u.id`, scope, scope.period.to)})`;
}

/**
 * `people(id)`: the people of {@link peopleInPost} without their names, for the reports that only
 * count them: they join it to the inductions grouped per module, which a name per person would
 * only slow down.
 */
export function peopleInPostIds(scope: ReportScope): SQL {
  return sql`people as (
    select u.id
    from users u
    where u.organisation_id = ${scope.organisationId}
      and ${inPostOn(sql`u.id`, scope, scope.period.to)})`;
}

/** `modules(id, name, compulsory, position)`: the induction modules still offered. */
export function activeModules(scope: ReportScope): SQL {
  return sql`modules as (
    select m.id, m.name, m.compulsory, m.position, m.validity_months
    from induction_modules m
    where m.organisation_id = ${scope.organisationId} and m.active)`;
}

/** The conditions on `ui` as at the last day of the period. */
export function standingOf(scope: ReportScope) {
  const to = scope.period.to;
  const completedDay = dayOf(sql`ui.completed_at`, scope.timezone);
  const completed = sql`(ui.status = 'completed' and ${onOrBefore(sql`ui.completed_at`, to, scope.timezone)})`;
  return {
    /** The day it was completed (in the organisation's calendar). */
    completedDay,
    /** Completed by the last day of the period. */
    completed,
    /** Completed by then and not lapsed on that day. */
    valid: sql`(${completed} and (ui.expires_on is null or ui.expires_on > ${to}::date))`,
    /** Completed by then but lapsed by that day. */
    expired: sql`(${completed} and ui.expires_on <= ${to}::date)`,
  };
}

/** `part` of `whole` in per cent to one decimal place; null when the whole is no one. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part * 1000) / whole) / 10;
}
