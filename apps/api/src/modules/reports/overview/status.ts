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
 * The people's roles held on the last day, read once and joined to their holders once: the
 * distinct holders per status (those in post), per status and team, and per status and role
 * profile, as three grouping sets of one pass (`team_id` and `role_profile_id` are null where a
 * set does not group by them). Three separate joins of the roles to the people, each over a
 * million people, took over three seconds side by side.
 */
function heldCounts(scope: ReportScope): SQL {
  return sql`
    select u.status_id, ur.team_id, ur.role_profile_id, count(distinct ur.user_id)::int as count
    from user_roles ur
    join users u on u.id = ur.user_id
    where ${heldOnLastDay(scope)} and ${registered(scope)}
    group by grouping sets ((u.status_id), (u.status_id, ur.team_id), (u.status_id, ur.role_profile_id))`;
}

type Group = { id: number; label: string };
type HeldCount = { status_id: number; team_id: number | null; role_profile_id: number | null; count: number };

/** Every group, with the count of the status's people in it (zero when none). */
function breakdown(
  groups: Group[],
  counts: HeldCount[],
  statusId: number,
  key: 'team_id' | 'role_profile_id',
) {
  return groups.map((group) => ({
    id: group.id,
    label: group.label,
    count: counts.find((row) => row.status_id === statusId && row[key] === group.id)?.count ?? 0,
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
    // The people by status, and the role holders of the last day joined to them once
    // (`heldCounts`), rather than looked up person by person (a million lookups took seconds);
    // the four reads are independent, and on PostgreSQL run side by side.
    const [statuses, held, teams, roleProfiles] = await Promise.all([
      rowsOf<Pick<OverviewStatusRow, 'id' | 'label' | 'count'>>(
        db,
        sql`
          select s.id, s.name as label, coalesce(c.count, 0)::int as count
          from user_statuses s
          left join (
            select u.status_id, count(*) as count from users u where ${registered(scope)} group by u.status_id
          ) c on c.status_id = s.id
          order by s.id`,
      ),
      rowsOf<HeldCount>(db, heldCounts(scope)),
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
    const teamCounts = held.filter((row) => row.team_id !== null);
    const roleCounts = held.filter((row) => row.role_profile_id !== null);
    const data: OverviewStatusRow[] = statuses.map((status) => ({
      ...status,
      in_post:
        held.find(
          (row) => row.status_id === status.id && row.team_id === null && row.role_profile_id === null,
        )?.count ?? 0,
      by_team: breakdown(teams, teamCounts, status.id, 'team_id'),
      by_role_profile: breakdown(roleProfiles, roleCounts, status.id, 'role_profile_id'),
    }));
    return { data, meta: metaOf(scope) };
  },
});
