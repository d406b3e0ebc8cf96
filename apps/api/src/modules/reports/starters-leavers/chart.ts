import { sql } from 'drizzle-orm';
import { startersLeaversChartResponseSchema } from '@muster/contract';
import { defineReport } from '../report.js';
import { rowsOf } from '../sql.js';
import { leavesBetween, membershipsOf, startsBetween, volunteeringAfter } from './memberships-sql.js';

/**
 * GET /analytics/starters-leavers/chart/: starts, leaves, the net change and the headcount per
 * calendar month of the period. The first and last months are cut to the period, so the rows add
 * up to the overview's figures.
 */
export const startersLeaversChart = defineReport({
  path: '/analytics/starters-leavers/chart',
  summary: 'Starters and leavers: per month',
  description:
    'One row per calendar month the period touches (the first and last cut to the period), oldest first: periods of volunteering that began and that ended in it, the net change, and the people volunteering when it closed. Months without movement are included.',
  response: startersLeaversChartResponseSchema,
  run: async (scope) => {
    const { db, period } = scope;
    // Months as timestamps without a time zone, so the session's zone cannot shift a month's first day.
    const data = await rowsOf<{
      month: string;
      from: string;
      to: string;
      starters: number;
      leavers: number;
      net: number;
      at_end: number;
    }>(
      db,
      sql`
        with months as (
          select to_char(g, 'YYYY-MM') as month,
                 greatest(g::date, ${period.from}::date) as mfrom,
                 least((g + interval '1 month')::date - 1, ${period.to}::date) as mto
          from generate_series(
            date_trunc('month', ${period.from}::timestamp),
            date_trunc('month', ${period.to}::timestamp),
            interval '1 month') g),
        counted as (
          select mo.month, mo.mfrom, mo.mto,
            (select count(*) from user_memberships m
              where ${membershipsOf(scope)} and ${startsBetween(sql`mo.mfrom`, sql`mo.mto`)})::int as starters,
            (select count(*) from user_memberships m
              where ${membershipsOf(scope)} and ${leavesBetween(sql`mo.mfrom`, sql`mo.mto`)})::int as leavers,
            (select count(distinct m.user_id) from user_memberships m
              where ${membershipsOf(scope)} and ${volunteeringAfter(sql`mo.mto`)})::int as at_end
          from months mo)
        select month, mfrom::text as "from", mto::text as "to", starters, leavers,
               starters - leavers as net, at_end
        from counted
        order by month`,
    );
    return { data, meta: { ...period, team: scope.team, role_profile: scope.roleProfile } };
  },
});
