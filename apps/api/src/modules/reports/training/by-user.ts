import { sql } from 'drizzle-orm';
import { trainingByUserResponseSchema, type TrainingByUserRow } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineListReport } from '../report.js';
import { activeModules, peopleInPost, standingOf } from './standing.js';

/**
 * GET /analytics/training/by-user/: for each person in post on the last day of the period, where
 * they stood with the compulsory modules and how many modules they held.
 */
export const trainingByUser = defineListReport({
  path: '/analytics/training/by-user',
  summary: 'Training by person',
  description:
    'One row per person in post on the last day of the period (holding a role that day, in the chosen teams and role profiles), by name: of the active compulsory modules, how many they held valid that day, had let lapse, or had not completed; how many active modules of any kind they held valid; and the latest day they completed one.',
  response: trainingByUserResponseSchema,
  rows: {
    query: (scope) => {
      const standing = standingOf(scope);
      return sql`
        with ${peopleInPost(scope)}, ${activeModules(scope)}
        select p.id, p.name as label,
          (select count(*) from modules where compulsory)::int as compulsory_modules,
          held.compulsory_valid, held.compulsory_expired, held.modules_valid, held.last_completed_on
        from people p
        -- Each person's modules as one lateral row rather than a join grouped by person: counting
        -- the list (a page's total) then never reads user_inductions, and a row per person
        -- needs no group over the whole list.
        left join lateral (
          select count(*) filter (where m.compulsory and ${standing.valid})::int as compulsory_valid,
            count(*) filter (where m.compulsory and ${standing.expired})::int as compulsory_expired,
            count(*) filter (where ${standing.valid})::int as modules_valid,
            (max(${standing.completedDay}) filter (where ${standing.completed}))::text as last_completed_on
          from user_inductions ui
          join modules m on m.id = ui.module_id
          where ui.user_id = p.id and ui.organisation_id = ${scope.organisationId}
        ) held on true`;
    },
    order: sql`label, id`,
    toRow: (row: Omit<TrainingByUserRow, 'compulsory_outstanding'>): TrainingByUserRow => ({
      ...row,
      compulsory_outstanding: row.compulsory_modules - row.compulsory_valid - row.compulsory_expired,
    }),
  },
  meta: metaOf,
});
