import { sql, type SQL } from 'drizzle-orm';
import { keyStatKeys, keyStatsResponseSchema } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineReport } from '../report.js';
import { personFilter, roleFilter, rowsOf, teamFilter, withinPeriod } from '../sql.js';
import { activeModules, peopleInPostIds, percentOf, standingOf } from '../training/standing.js';
import { roundHours, statRows, volunteering, type StatDefinition } from './figures.js';

type Key = (typeof keyStatKeys)[number];

const DEFINITIONS: Record<Key, StatDefinition> = {
  people_in_post: { label: 'People in post', unit: 'people' },
  starters: { label: 'Starters', unit: 'people' },
  leavers: { label: 'Leavers', unit: 'people' },
  hours_volunteered: { label: 'Hours volunteered', unit: 'hours' },
  shifts_attended: { label: 'Shifts attended', unit: 'count' },
  sessions_attended: { label: 'Event sessions attended', unit: 'count' },
  applications: { label: 'Applications', unit: 'count' },
  compulsory_training_compliance: { label: 'Compulsory training compliance', unit: 'percent' },
  expenses_paid_pence: { label: 'Expenses paid', unit: 'pence' },
};

/**
 * GET /analytics/key-stats: the `keyStats` group of `/analytics/` (platform-foundation §7
 * "Analytics and activities"): the period's headline figures from people, starters and leavers,
 * volunteering, recruitment, training and expenses, each as its own report counts it.
 */
export const keyStats = defineReport({
  path: '/analytics/key-stats',
  summary: 'Key figures of the period',
  description:
    'One row per figure in a fixed order: `people_in_post` on the last day of the period; `starters` and `leavers`: people whose period of volunteering began or ended in it; `hours_volunteered`, `shifts_attended` and `sessions_attended`: attended shifts (by their date) and event sessions (by the day they start) in it; `applications` made in it (to opportunities of the chosen teams and role profiles); `compulsory_training_compliance`: the per cent of (person in post, active compulsory module) pairs valid on the last day (as `/analytics/training/compulsory-training/`; null with no pairs); `expenses_paid_pence`: expenses spent in it whose claim is paid (as `/reports/expenses/overview`). People figures count those who held a role in the chosen teams and role profiles.',
  response: keyStatsResponseSchema,
  run: async (scope) => {
    const { organisationId, period, timezone } = scope;
    const who = (userColumn: SQL) => personFilter(userColumn, scope);
    const work = volunteering(scope, who);
    const standing = standingOf(scope);
    // Two independent reads: on PostgreSQL they run side by side on two connections. The people
    // in post are worked out once, in the second (a semi-join of every person with the roles
    // held on the last day: 0.8 s at a million people), which counts them for the training pairs.
    const [[values], [training]] = await Promise.all([
      rowsOf<Omit<Record<Key, number>, 'compulsory_training_compliance' | 'people_in_post'>>(
        scope.db,
        sql`
        select
          (select count(distinct m.user_id) from user_memberships m
            where m.organisation_id = ${organisationId}
              and m.joined_on between ${period.from}::date and ${period.to}::date
              and ${who(sql`m.user_id`)})::int as starters,
          (select count(distinct m.user_id) from user_memberships m
            where m.organisation_id = ${organisationId}
              and m.left_on between ${period.from}::date and ${period.to}::date
              and ${who(sql`m.user_id`)})::int as leavers,
          ${work.hours} as hours_volunteered,
          ${work.shiftsAttended} as shifts_attended,
          ${work.sessionsAttended} as sessions_attended,
          (select count(*) from applications a
            join opportunities o on o.id = a.opportunity_id and o.organisation_id = ${organisationId}
            where a.organisation_id = ${organisationId}
              and ${withinPeriod(sql`a.created_at`, period, timezone)}
              and ${teamFilter(sql`o.team_id`, scope.team)}
              and ${roleFilter(sql`o.role_profile_id`, scope.roleProfile)})::int as applications,
          (select coalesce(sum(e.amount_pence), 0) from expenses e
            where e.organisation_id = ${organisationId}
              and e.claim_id is not null
              and e.status = 'paid'
              and e.spent_on between ${period.from}::date and ${period.to}::date
              and ${who(sql`e.user_id`)})::float8 as expenses_paid_pence`,
      ),
      // Each (person in post, compulsory module) pair has at most one induction (one per person
      // and module), so the pairs are counted as people × modules and the valid ones are the valid
      // inductions of those people in those modules, counted in one pass over the inductions
      // rather than probed pair by pair.
      rowsOf<{ valid: number; people: number; pairs: number }>(
        scope.db,
        sql`
          with ${peopleInPostIds(scope)}, ${activeModules(scope)}
          select
            (select count(*)
              from user_inductions ui
              join people p on p.id = ui.user_id
              where ui.organisation_id = ${organisationId}
                and ui.module_id in (select id from modules where compulsory)
                and ${standing.valid})::int as valid,
            (select count(*) from people)::int as people,
            ((select count(*) from people) * (select count(*) from modules where compulsory))::int as pairs`,
      ),
    ]);
    if (!values || !training) {
      throw new Error('A query of aggregates answers one row.');
    }
    return {
      data: statRows(keyStatKeys, DEFINITIONS, {
        ...values,
        people_in_post: training.people,
        hours_volunteered: roundHours(values.hours_volunteered),
        compulsory_training_compliance: percentOf(training.valid, training.pairs),
      }),
      meta: metaOf(scope),
    };
  },
});
