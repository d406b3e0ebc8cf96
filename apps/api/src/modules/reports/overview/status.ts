import { sql, type SQL } from 'drizzle-orm';
import { overviewStatusResponseSchema, type OverviewStatusRow } from '@muster/contract';
import { defineReport, type ReportScope } from '../report.js';
import { onOrBefore, personFilter, roleFilter, rowsOf, teamFilter } from '../sql.js';
import { metaOf } from './people.js';

/**
 * True for a user (`u`) among the organisation's people registered by the last day of the period
 * (in the chosen teams and role profiles at some time in it).
 */
function registered(scope: ReportScope): SQL {
  return sql`u.organisation_id = ${scope.organisationId}
    and ${onOrBefore(sql`u.created_at`, scope.period.to, scope.timezone)}
    and ${personFilter(sql`u.id`, scope)}`;
}

/** True for a role (`ur`) held on the last day of the period, within the team and role filters. */
function heldOnLastDay(scope: ReportScope): SQL {
  const to = scope.period.to;
  return sql`ur.organisation_id = ${scope.organisationId}
    and ${teamFilter(sql`ur.team_id`, scope.team)}
    and ${roleFilter(sql`ur.role_profile_id`, scope.roleProfile)}
    and ${onOrBefore(sql`ur.created_at`, to, scope.timezone)}
    and (ur.end_date is null or ur.end_date >= ${to}::date)`;
}

/**
 * The people's roles held on the last day, counted by status and by the role's `column` (team or
 * role profile). Read from the roles to their holders by primary key, so the plan stays a
 * lookup per role whatever the database estimates (the embedded database keeps no statistics).
 */
function groupCounts(scope: ReportScope, column: 'team_id' | 'role_profile_id'): SQL {
  return sql`
    select u.status_id, ur.${sql.raw(column)} as id, count(distinct ur.user_id)::int as count
    from user_roles ur
    join users u on u.id = ur.user_id
    where ${heldOnLastDay(scope)} and ${registered(scope)}
    group by u.status_id, ur.${sql.raw(column)}`;
}

type Group = { id: number; label: string };
type GroupCount = { status_id: number; id: number; count: number };

/** Every group, with the count of the status's people in it (zero when none). */
function breakdown(groups: Group[], counts: GroupCount[], statusId: number) {
  return groups.map((group) => ({
    id: group.id,
    label: group.label,
    count: counts.find((row) => row.status_id === statusId && row.id === group.id)?.count ?? 0,
  }));
}

/**
 * GET /reports/overview/status: the organisation's people by account status (user statuses carry
 * no history, so each person counts under their status now), each status split by the teams and
 * role profiles its people were in post with on the last day of the period.
 */
export const overviewStatus = defineReport({
  path: '/reports/overview/status',
  summary: 'People by status',
  description:
    'One row per user status (Applicant, Active, Inactive, Left, Blocked), in status order: the people registered by the last day of the period with that status now (a status keeps no history), and how many of them held a role on that last day, in all (`in_post`) and per team and role profile (a person in two teams counts in each). With `team` or `role_profile`, only people who held a matching role on some day of the period count, and only the chosen teams or role profiles are listed.',
  response: overviewStatusResponseSchema,
  run: async (scope) => {
    const { db, organisationId } = scope;
    // The holders of a role on the last day are grouped once and joined to the people, rather
    // than looked up person by person (a million lookups took seconds); the five reads are
    // independent, and on PostgreSQL run side by side.
    const [statuses, teamCounts, roleCounts, teams, roleProfiles] = await Promise.all([
      rowsOf<Omit<OverviewStatusRow, 'by_team' | 'by_role_profile'>>(
        db,
        sql`
          with people as (
            select u.id, u.status_id, held.user_id is not null as in_post
            from users u
            left join (
              select ur.user_id from user_roles ur where ${heldOnLastDay(scope)} group by ur.user_id
            ) held on held.user_id = u.id
            where ${registered(scope)}
          )
          select s.id, s.name as label,
            count(p.id)::int as count,
            count(p.id) filter (where p.in_post)::int as in_post
          from user_statuses s
          left join people p on p.status_id = s.id
          group by s.id, s.name
          order by s.id`,
      ),
      rowsOf<GroupCount>(db, groupCounts(scope, 'team_id')),
      rowsOf<GroupCount>(db, groupCounts(scope, 'role_profile_id')),
      rowsOf<Group>(
        db,
        sql`
          select t.id, t.name as label from teams t
          where t.organisation_id = ${organisationId} and ${teamFilter(sql`t.id`, scope.team)}
          order by t.name, t.id`,
      ),
      rowsOf<Group>(
        db,
        sql`
          select rp.id, rp.display_name as label from role_profiles rp
          where rp.organisation_id = ${organisationId} and ${roleFilter(sql`rp.id`, scope.roleProfile)}
          order by rp.display_name, rp.id`,
      ),
    ]);
    const data: OverviewStatusRow[] = statuses.map((status) => ({
      ...status,
      by_team: breakdown(teams, teamCounts, status.id),
      by_role_profile: breakdown(roleProfiles, roleCounts, status.id),
    }));
    return { data, meta: metaOf(scope) };
  },
});
