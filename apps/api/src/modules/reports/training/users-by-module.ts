import { sql, type SQL } from 'drizzle-orm';
import { trainingUsersByModuleResponseSchema, type TrainingUsersByModuleRow } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineListReport } from '../report.js';
import { activeModules, peopleInPost, standingOf } from './standing.js';

/**
 * GET /analytics/training/users-by-module/: each person in post and each module that concerns
 * them (every compulsory one; others where they have a record), with where they stood.
 */
export const trainingUsersByModule = defineListReport({
  path: '/analytics/training/users-by-module',
  summary: 'Training: people by module',
  description:
    'One row per person in post on the last day of the period (in the chosen teams and role profiles) and active induction module: every compulsory module for everyone, other modules where the person has an induction record. Ordered by module (the organisation’s order) then name. `standing` as that day: `valid`, `expired`, `in_progress` (started, not completed) or `outstanding`.',
  response: trainingUsersByModuleResponseSchema,
  rows: {
    // The pairs (`r`) come first and each row's induction after, through per-row lookups on the
    // (user, module) key: a count leaves the lookups out, and a page makes them for its own rows
    // after sorting the pairs, rather than joining and sorting every pair's induction.
    // `module_position` only orders the rows.
    query: (scope) => {
      const standing = standingOf(scope);
      const induction = (value: SQL) => sql`(select ${value} from user_inductions ui
          where ui.module_id = r.module_id and ui.user_id = r.user_id
            and ui.organisation_id = ${scope.organisationId})`;
      return sql`
        with ${peopleInPost(scope)}, ${activeModules(scope)}
        select r.module_id, r.module, r.compulsory, r.user_id, r.user_name,
          coalesce(${induction(sql`case
            when ${standing.valid} then 'valid'
            when ${standing.expired} then 'expired'
            when ui.status = 'in_progress' then 'in_progress'
            else 'outstanding'
          end`)}, 'outstanding') as standing,
          ${induction(sql`case when ${standing.completed} then ${standing.completedDay}::text end`)} as completed_on,
          ${induction(sql`case when ${standing.completed} then ui.expires_on::text end`)} as expires_on,
          r.module_position
        from (
          select m.id as module_id, m.name as module, m.compulsory, m.position as module_position,
                 p.id as user_id, p.name as user_name
          from modules m
          cross join people p
          where m.compulsory
          union all
          select m.id, m.name, m.compulsory, m.position, p.id, p.name
          from modules m
          join user_inductions o on o.module_id = m.id and o.organisation_id = ${scope.organisationId}
          join people p on p.id = o.user_id
          where not m.compulsory
        ) r`;
    },
    order: sql`module_position, module, module_id, user_name, user_id`,
    toRow: (row: TrainingUsersByModuleRow): TrainingUsersByModuleRow => ({
      module_id: row.module_id,
      module: row.module,
      compulsory: row.compulsory,
      user_id: row.user_id,
      user_name: row.user_name,
      standing: row.standing,
      completed_on: row.completed_on,
      expires_on: row.expires_on,
    }),
  },
  meta: metaOf,
});
