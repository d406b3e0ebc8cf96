import { sql } from 'drizzle-orm';
import { trainingUsersByModuleResponseSchema, type TrainingUsersByModuleRow } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineReport } from '../report.js';
import { rowsOf } from '../sql.js';
import { activeModules, peopleInPost, standingOf } from './standing.js';

/**
 * GET /analytics/training/users-by-module/: each person in post and each module that concerns
 * them (every compulsory one; others where they have a record), with where they stood.
 */
export const trainingUsersByModule = defineReport({
  path: '/analytics/training/users-by-module',
  summary: 'Training: people by module',
  description:
    'One row per person in post on the last day of the period (in the chosen teams and role profiles) and active induction module: every compulsory module for everyone, other modules where the person has an induction record. Ordered by module (the organisation’s order) then name. `standing` as that day: `valid`, `expired`, `in_progress` (started, not completed) or `outstanding`.',
  response: trainingUsersByModuleResponseSchema,
  run: async (scope) => {
    const standing = standingOf(scope);
    const rows = await rowsOf<TrainingUsersByModuleRow>(
      scope.db,
      sql`
        with ${peopleInPost(scope)}, ${activeModules(scope)}
        select m.id as module_id, m.name as module, m.compulsory, p.id as user_id, p.name as user_name,
          case
            when ${standing.valid} then 'valid'
            when ${standing.expired} then 'expired'
            when ui.status = 'in_progress' then 'in_progress'
            else 'outstanding'
          end as standing,
          case when ${standing.completed} then ${standing.completedDay}::text end as completed_on,
          case when ${standing.completed} then ui.expires_on::text end as expires_on
        from modules m
        cross join people p
        left join user_inductions ui
          on ui.module_id = m.id
         and ui.user_id = p.id
         and ui.organisation_id = ${scope.organisationId}
        where m.compulsory or ui.id is not null
        order by m.position, m.name, m.id, p.name, p.id`,
    );
    return { data: rows, meta: metaOf(scope) };
  },
});
