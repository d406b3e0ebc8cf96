import { sql } from 'drizzle-orm';
import { activitiesOutcomesResponseSchema, type ActivitiesOutcomesRow } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineReport } from '../report.js';
import { rowsOf } from '../sql.js';
import { activitiesInScope, hoursTotal, participantsInScope, participationHours } from './activities-sql.js';

/** The row of activities whose outcome is not recorded yet. */
const NO_OUTCOME = 'No outcome recorded';

/**
 * GET /reports/activities/outcomes: how the activities of the period turned out, one row per
 * activity outcome, with who took part in each.
 */
export const activitiesOutcomes = defineReport({
  path: '/reports/activities/outcomes',
  summary: 'Activities by outcome',
  description: `One row per activity outcome of the organisation (unused ones with zeros), then "${NO_OUTCOME}" when an activity of the period has none, most activities first: the activities that started in the period (run by the chosen teams when any are chosen), the different people who took part, how often, their hours and the guests. The role profile filter narrows the people counted, not the activities.`,
  response: activitiesOutcomesResponseSchema,
  run: async (scope) => {
    const rows = await rowsOf<ActivitiesOutcomesRow>(
      scope.db,
      sql`
        with act as (
          select a.* from activities a where ${activitiesInScope(scope)}
        ), per_outcome as (
          select a.outcome_id, count(*)::int as activities, coalesce(sum(a.guests), 0)::int as guests
          from act a
          group by a.outcome_id
        ), took_part as (
          select a.outcome_id,
                 count(distinct p.user_id)::int as people,
                 count(*)::int as attendances,
                 ${hoursTotal(participationHours)} as hours
          from activity_participants p
          join act a on a.id = p.activity_id
          where p.attended and ${participantsInScope(scope)}
          group by a.outcome_id
        )
        select o.id, o.name as label, o.active,
               coalesce(po.activities, 0) as activities,
               coalesce(tp.people, 0) as people,
               coalesce(tp.attendances, 0) as attendances,
               coalesce(po.guests, 0) as guests,
               coalesce(tp.hours, 0)::float8 as hours
        from activity_outcomes o
        left join per_outcome po on po.outcome_id = o.id
        left join took_part tp on tp.outcome_id = o.id
        where o.organisation_id = ${scope.organisationId}
        union all
        select null::int, ${NO_OUTCOME}::text, true,
               po.activities, coalesce(tp.people, 0), coalesce(tp.attendances, 0), po.guests,
               coalesce(tp.hours, 0)::float8
        from per_outcome po
        left join took_part tp on tp.outcome_id is null
        where po.outcome_id is null
        order by activities desc, label, id nulls last`,
    );
    return { data: rows, meta: metaOf(scope) };
  },
});
