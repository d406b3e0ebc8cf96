import { sql } from 'drizzle-orm';
import { trainingAdoptionResponseSchema, type TrainingAdoptionRow } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineReport } from '../report.js';
import { rowsOf } from '../sql.js';
import { activeModules, peopleInPostIds, percentOf, standingOf } from './standing.js';

/**
 * GET /analytics/training/adoption-by-module/: for each module offered, compulsory or not, how
 * many of the people in post took it in the period and how many held it at its end.
 */
export const trainingAdoptionByModule = defineReport({
  path: '/analytics/training/adoption-by-module',
  summary: 'Training: adoption by module',
  description:
    'One row per active induction module, in the organisation’s order. People: those in post on the last day of the period (holding a role that day, in the chosen teams and role profiles). `completed_in_period`: of them, people whose (latest) completion was made in the period; `holding`: people whose completion was valid on the last day; `adoption_percent` = holding ÷ people.',
  response: trainingAdoptionResponseSchema,
  run: async (scope) => {
    const standing = standingOf(scope);
    // The inductions of the people in post are counted per module first, then set beside the
    // modules: probing each person's inductions one by one took seconds on a million people.
    const rows = await rowsOf<Omit<TrainingAdoptionRow, 'adoption_percent'>>(
      scope.db,
      sql`
        with ${peopleInPostIds(scope)}, ${activeModules(scope)},
        taken as (
          select ui.module_id,
            count(*) filter (
              where ${standing.completed} and ${standing.completedDay} >= ${scope.period.from}::date
            )::int as completed_in_period,
            count(*) filter (where ${standing.valid})::int as holding
          from user_inductions ui
          join people p on p.id = ui.user_id
          where ui.organisation_id = ${scope.organisationId}
            and ui.module_id in (select id from modules)
          group by ui.module_id
        )
        select m.id, m.name as label, m.compulsory,
          (select count(*) from people)::int as people,
          coalesce(t.completed_in_period, 0) as completed_in_period,
          coalesce(t.holding, 0) as holding
        from modules m
        left join taken t on t.module_id = m.id
        order by m.position, m.name, m.id`,
    );
    const data: TrainingAdoptionRow[] = rows.map((row) => ({
      ...row,
      adoption_percent: percentOf(row.holding, row.people),
    }));
    return { data, meta: metaOf(scope) };
  },
});
