import { sql } from 'drizzle-orm';
import { activitiesOverviewResponseSchema, type ActivitiesOverviewRow } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineReport } from '../report.js';
import { rowsOf } from '../sql.js';
import { activitiesInScope, hoursTotal, participantsInScope, participationHours } from './activities-sql.js';

/**
 * GET /reports/activities/overview: one row of totals over the activities that started in the
 * period (of the chosen teams): how many, who took part and for how long, who did not come.
 */
export const activitiesOverview = defineReport({
  path: '/reports/activities/overview',
  summary: 'Activities: the period’s totals',
  description:
    'One row over the activities that started in the period (run by the chosen teams when any are chosen): how many, how many different people took part and how often, their hours, guests, no-shows, how many have an outcome recorded and how many teams ran them. The role profile filter narrows the people counted, not the activities.',
  response: activitiesOverviewResponseSchema,
  run: async (scope) => {
    const [row] = await rowsOf<ActivitiesOverviewRow>(
      scope.db,
      sql`
        with act as (
          select a.* from activities a where ${activitiesInScope(scope)}
        ), part as (
          select p.user_id, p.attended, ${participationHours} as hours
          from activity_participants p
          join act a on a.id = p.activity_id
          where ${participantsInScope(scope)}
        )
        select
          (select count(*) from act)::int as activities,
          (select count(distinct user_id) from part where attended)::int as people,
          (select count(*) from part where attended)::int as attendances,
          (select coalesce(sum(guests), 0) from act)::int as guests,
          (select ${hoursTotal(sql`hours`)} from part where attended) as hours,
          (select count(*) from part where attended = false)::int as no_shows,
          (select count(*) from act where outcome_id is not null)::int as with_outcome,
          (select count(distinct team_id) from act)::int as teams`,
    );
    return { data: row ? [row] : [], meta: metaOf(scope) };
  },
});
