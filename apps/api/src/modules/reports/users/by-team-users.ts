import { sql } from 'drizzle-orm';
import { usersByTeamUsersResponseSchema, type UsersByTeamUserRow } from '@muster/contract';
import { defineReport } from '../report.js';
import { dayOf, onOrBefore, roleFilter, rowsOf, teamFilter } from '../sql.js';

/**
 * GET /reports/users/by-team/users: the people behind /reports/users/by-team, one row per role
 * they held in a team on some day of the period. Not paged: the list is as long as the roles
 * held, and the export is the way to take a large one away.
 */
export const usersByTeamUsers = defineReport({
  path: '/reports/users/by-team/users',
  summary: 'People by team: the people',
  description:
    'One row per person, team and role profile held on any day of the period (a role given twice is listed twice), by team name then surname. The distinct people of a team are its count in /reports/users/by-team.',
  response: usersByTeamUsersResponseSchema,
  run: async ({ db, organisationId, period, team, roleProfile, timezone }) => {
    const rows = await rowsOf<{
      id: number;
      first_name: string;
      last_name: string;
      team_id: number;
      team_name: string;
      role_profile_id: number;
      role_profile_name: string;
      from: string;
      until: string | null;
    }>(
      db,
      sql`
        select u.id, u.first_name, u.last_name,
               t.id as team_id, t.name as team_name,
               rp.id as role_profile_id, rp.display_name as role_profile_name,
               ${dayOf(sql`ur.created_at`, timezone)}::text as "from", ur.end_date::text as until
        from user_roles ur
        join users u on u.id = ur.user_id and u.organisation_id = ${organisationId}
        join teams t on t.id = ur.team_id and t.organisation_id = ${organisationId}
        join role_profiles rp on rp.id = ur.role_profile_id and rp.organisation_id = ${organisationId}
        where ur.organisation_id = ${organisationId}
          and ${onOrBefore(sql`ur.created_at`, period.to, timezone)}
          and (ur.end_date is null or ur.end_date >= ${period.from}::date)
          and ${teamFilter(sql`ur.team_id`, team)}
          and ${roleFilter(sql`ur.role_profile_id`, roleProfile)}
        order by t.name, t.id, u.last_name, u.first_name, u.id, rp.display_name, rp.id, ur.created_at, ur.id`,
    );
    const data: UsersByTeamUserRow[] = rows.map((row) => ({
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      team: { id: row.team_id, name: row.team_name },
      role_profile: { id: row.role_profile_id, name: row.role_profile_name },
      from: row.from,
      until: row.until,
    }));
    return { data, meta: { ...period, team, role_profile: roleProfile } };
  },
});
