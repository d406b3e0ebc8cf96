import { sql } from 'drizzle-orm';
import { reportCountRowSchema, reportResponseSchema } from '@muster/contract';
import { defineReport } from '../report.js';
import { onOrBefore, roleFilter, rowsOf, teamFilter } from '../sql.js';

/**
 * GET /reports/users/by-team: for each of the organisation's teams, how many people held a role
 * in it at some time in the period (a role counts from the day it was given to its end date).
 * The people behind each count are listed by /reports/users/by-team/users.
 */
export const usersByTeam = defineReport({
  path: '/reports/users/by-team',
  summary: 'People by team',
  description:
    'One row per team (all of them, busiest first): the people who held a role in it on any day of the period, each counted once per team. The role profile filter narrows the roles counted.',
  response: reportResponseSchema(reportCountRowSchema, 'One row per team.'),
  run: async ({ db, organisationId, period, team, roleProfile, timezone }) => {
    const rows = await rowsOf<{ id: number; label: string; count: number }>(
      db,
      sql`
        select t.id, t.name as label, count(distinct ur.user_id)::int as count
        from teams t
        left join user_roles ur
          on ur.team_id = t.id
         and ur.organisation_id = ${organisationId}
         and ${onOrBefore(sql`ur.created_at`, period.to, timezone)}
         and (ur.end_date is null or ur.end_date >= ${period.from}::date)
         and ${roleFilter(sql`ur.role_profile_id`, roleProfile)}
        where t.organisation_id = ${organisationId}
          and ${teamFilter(sql`t.id`, team)}
        group by t.id, t.name
        order by count desc, t.name, t.id`,
    );
    return { data: rows, meta: { ...period, team, role_profile: roleProfile } };
  },
});
