import { sql } from 'drizzle-orm';
import { startersLeaversOverviewResponseSchema } from '@muster/contract';
import { defineReport } from '../report.js';
import { rowsOf } from '../sql.js';
import { leavesBetween, membershipsOf, startsBetween, volunteeringAfter } from './memberships-sql.js';

/** Leavers as a percentage of the average headcount, to one decimal place; null with no one to average. */
export function turnoverRate(leavers: number, atStart: number, atEnd: number): number | null {
  const average = (atStart + atEnd) / 2;
  return average === 0 ? null : Math.round((leavers / average) * 1000) / 10;
}

/**
 * GET /analytics/starters-leavers/overview/: the period's headline figures — people volunteering
 * when it began, starts, leaves, people volunteering when it closed, the net change and the
 * turnover rate.
 */
export const startersLeaversOverview = defineReport({
  path: '/analytics/starters-leavers/overview',
  summary: 'Starters and leavers: overview',
  description:
    'People volunteering when the period began (joined before its first day, not left before it), periods of volunteering that began and that ended on a day of the period, people volunteering when it closed (joined by its last day, not left by it), the net change and the turnover rate (leavers over the average of the two headcounts). `at_start + starters - leavers = at_end`.',
  response: startersLeaversOverviewResponseSchema,
  run: async (scope) => {
    const { db, period } = scope;
    const [row] = await rowsOf<{ at_start: number; starters: number; leavers: number; at_end: number }>(
      db,
      sql`
        select
          (select count(distinct m.user_id) from user_memberships m
            where ${membershipsOf(scope)}
              and m.joined_on < ${period.from}::date
              and (m.left_on is null or m.left_on >= ${period.from}::date))::int as at_start,
          (select count(*) from user_memberships m
            where ${membershipsOf(scope)} and ${startsBetween(period.from, period.to)})::int as starters,
          (select count(*) from user_memberships m
            where ${membershipsOf(scope)} and ${leavesBetween(period.from, period.to)})::int as leavers,
          (select count(distinct m.user_id) from user_memberships m
            where ${membershipsOf(scope)} and ${volunteeringAfter(period.to)})::int as at_end`,
    );
    const { at_start = 0, starters = 0, leavers = 0, at_end = 0 } = row ?? {};
    return {
      data: {
        at_start,
        starters,
        leavers,
        at_end,
        net_change: starters - leavers,
        turnover_rate: turnoverRate(leavers, at_start, at_end),
      },
      meta: { ...period, team: scope.team, role_profile: scope.roleProfile },
    };
  },
});
