import { sql } from 'drizzle-orm';
import { reportCountRowSchema, reportResponseSchema } from '@muster/contract';
import { defineReport } from '../report.js';
import { onOrBefore, roleFilter, rowsOf, teamFilter } from '../sql.js';

/**
 * GET /reports/users/by-role: for each of the organisation's role profiles, how many people held
 * it at some time in the period (a role counts from the day it was given to its end date).
 */
export const usersByRole = defineReport({
  path: '/reports/users/by-role',
  summary: 'People by role profile',
  description:
    'One row per role profile (all of them, busiest first): the people who held it on any day of the period, each counted once per role.',
  response: reportResponseSchema(reportCountRowSchema, 'One row per role profile.'),
  run: async ({ db, organisationId, period, team, roleProfile, timezone }) => {
    const rows = await rowsOf<{ id: number; label: string; count: number }>(
      db,
      sql`
        select rp.id, rp.display_name as label, count(distinct ur.user_id)::int as count
        from role_profiles rp
        left join user_roles ur
          on ur.role_profile_id = rp.id
         and ur.organisation_id = ${organisationId}
         and ${onOrBefore(sql`ur.created_at`, period.to, timezone)}
         and (ur.end_date is null or ur.end_date >= ${period.from}::date)
         and ${teamFilter(sql`ur.team_id`, team)}
        where rp.organisation_id = ${organisationId}
          and ${roleFilter(sql`rp.id`, roleProfile)}
        group by rp.id, rp.display_name
        order by count desc, rp.display_name, rp.id`,
    );
    return { data: rows, meta: { ...period, team, role_profile: roleProfile } };
  },
});
