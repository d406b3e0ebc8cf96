import { sql } from 'drizzle-orm';
import { compulsoryTrainingResponseSchema, type CompulsoryTrainingRow } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineReport } from '../report.js';
import { rowsOf } from '../sql.js';
import { activeModules, peopleInPostIds, percentOf, standingOf } from './standing.js';

type Counted = Omit<CompulsoryTrainingRow, 'outstanding' | 'compliance_percent'>;

/** How many days ahead a valid completion counts as "expiring soon". */
const EXPIRING_SOON_DAYS = 30;

/**
 * GET /analytics/training/compulsory-training/: for each compulsory module, how many of the
 * people in post on the last day of the period held it valid, had let it lapse, or had never
 * completed it by then.
 */
export const compulsoryTraining = defineReport({
  path: '/analytics/training/compulsory-training',
  summary: 'Training: compulsory modules',
  description: `One row per active compulsory induction module, in the organisation’s order. People: those in post on the last day of the period (holding a role that day, in the chosen teams and role profiles). Each is counted once: \`valid\` (completed by that day, not lapsed), \`expired\` (completed, lapsed on or before it), \`outstanding\` (the rest); \`expiring_soon\`: valid ones lapsing within ${EXPIRING_SOON_DAYS} days after it.`,
  response: compulsoryTrainingResponseSchema,
  run: async (scope) => {
    const standing = standingOf(scope);
    // The inductions of the people in post are counted per module first, then set beside the
    // modules: probing each person's inductions one by one took seconds on a million people.
    const rows = await rowsOf<Counted>(
      scope.db,
      sql`
        with ${peopleInPostIds(scope)}, ${activeModules(scope)},
        standing as (
          select ui.module_id,
            count(*) filter (where ${standing.valid})::int as valid,
            count(*) filter (
              where ${standing.valid} and ui.expires_on <= ${scope.period.to}::date + ${EXPIRING_SOON_DAYS}::int
            )::int as expiring_soon,
            count(*) filter (where ${standing.expired})::int as expired
          from user_inductions ui
          join people p on p.id = ui.user_id
          where ui.organisation_id = ${scope.organisationId}
            and ui.module_id in (select id from modules where compulsory)
          group by ui.module_id
        )
        select m.id, m.name as label, m.validity_months,
          (select count(*) from people)::int as people,
          coalesce(s.valid, 0) as valid,
          coalesce(s.expiring_soon, 0) as expiring_soon,
          coalesce(s.expired, 0) as expired
        from modules m
        left join standing s on s.module_id = m.id
        where m.compulsory
        order by m.position, m.name, m.id`,
    );
    const data: CompulsoryTrainingRow[] = rows.map((row) => ({
      ...row,
      outstanding: row.people - row.valid - row.expired,
      compliance_percent: percentOf(row.valid, row.people),
    }));
    return { data, meta: metaOf(scope) };
  },
});
