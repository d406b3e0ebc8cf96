import { sql, type SQL } from 'drizzle-orm';
import type { ReportScope } from '../report.js';
import { onOrBefore, personFilter, roleFilter, rowsOf, teamFilter } from '../sql.js';

/*
 * The SQL pieces of the starters and leavers figures (docs/reports.md "Starters and leavers").
 * They read `user_memberships m`: a start is a period of volunteering whose `joined_on` falls in
 * the report's period, a leave one whose `left_on` does (both edge days included). A person is
 * volunteering when a period closes if they joined on or before its last day and have not left
 * by then (`left_on` after it, or none), and when it opens if they joined before its first day
 * and were still there on it; so "at the start + starts - leaves = at the end" always holds.
 */

/** The scope's fields the membership pieces read. */
export type MembershipScope = Pick<
  ReportScope,
  'organisationId' | 'period' | 'team' | 'roleProfile' | 'timezone'
>;

/** `m` belongs to the organisation and its person matches the team and role filters. */
export function membershipsOf(scope: MembershipScope): SQL {
  return sql`m.organisation_id = ${scope.organisationId} and ${personFilter(sql`m.user_id`, scope)}`;
}

/** `m` began on a day from `from` to `to`. */
export function startsBetween(from: SQL | string, to: SQL | string): SQL {
  return sql`m.joined_on between ${from}::date and ${to}::date`;
}

/** `m` ended on a day from `from` to `to`. */
export function leavesBetween(from: SQL | string, to: SQL | string): SQL {
  return sql`m.left_on between ${from}::date and ${to}::date`;
}

/** `m` is still going when the day `day` closes. */
export function volunteeringAfter(day: SQL | string): SQL {
  return sql`m.joined_on <= ${day}::date and (m.left_on is null or m.left_on > ${day}::date)`;
}

/** `r` (a `user_roles` row of the organisation) was held on some day of the period. */
export function roleHeldIn(scope: MembershipScope): SQL {
  return sql`r.organisation_id = ${scope.organisationId}
    and ${onOrBefore(sql`r.created_at`, scope.period.to, scope.timezone)}
    and (r.end_date is null or r.end_date >= ${scope.period.from}::date)`;
}

/**
 * Two jsonb columns, `teams` and `role_profiles`: `[{id, name}]` of the roles the person
 * (`userColumn`) held on some day of the period, by name. All their roles are shown, not only
 * those matching the filters, so a reader sees where else the person volunteers.
 */
export function teamsAndRolesOf(userColumn: SQL, scope: MembershipScope): SQL {
  return sql`
    (select coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name) order by x.name, x.id), '[]'::jsonb)
       from (select distinct t.id, t.name
               from user_roles r join teams t on t.id = r.team_id
              where r.user_id = ${userColumn} and ${roleHeldIn(scope)}) x) as teams,
    (select coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name) order by x.name, x.id), '[]'::jsonb)
       from (select distinct p.id, p.display_name as name
               from user_roles r join role_profiles p on p.id = r.role_profile_id
              where r.user_id = ${userColumn} and ${roleHeldIn(scope)}) x) as role_profiles`;
}

/** A group's count, as every report's count rows are. */
export type CountRow = { id: number | null; label: string; count: number };

/** The label of the row gathering leavers without a reason, or starters without a motivation. */
export const NOT_RECORDED = 'Not recorded';

/**
 * Leaves in the period by leaving reason: every active reason of the organisation (and an
 * inactive one when it was given), most given first then in the list's order, then a
 * "Not recorded" row when some leaves have no reason. Also answers the number of leaves.
 */
export async function leavesByReason(
  db: ReportScope['db'],
  scope: MembershipScope,
): Promise<{ rows: CountRow[]; total: number }> {
  const { from, to } = scope.period;
  const leaves = sql`select m.leaving_reason_id as reason_id from user_memberships m
    where ${membershipsOf(scope)} and ${leavesBetween(from, to)}`;
  const rows = await rowsOf<CountRow & { active: boolean }>(
    db,
    sql`
      with leaves as (${leaves})
      select lr.id, lr.name as label, lr.active, count(l.reason_id)::int as count
      from leaving_reasons lr
      left join leaves l on l.reason_id = lr.id
      where lr.organisation_id = ${scope.organisationId}
      group by lr.id, lr.name, lr.active, lr.position
      order by count desc, lr.position, lr.name, lr.id`,
  );
  const [all] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total from (${leaves}) l`);
  return withNotRecorded(
    rows.filter((row) => row.active || row.count > 0).map(({ id, label, count }) => ({ id, label, count })),
    all?.total ?? 0,
  );
}

/**
 * Starts in the period by motivation (why they joined): every motivation of the organisation,
 * most given first then in the list's order, then a "Not recorded" row when some starts have
 * none. Also answers the number of starts.
 */
export async function startsByMotivation(
  db: ReportScope['db'],
  scope: MembershipScope,
): Promise<{ rows: CountRow[]; total: number }> {
  const { from, to } = scope.period;
  const starts = sql`select m.motivation_id from user_memberships m
    where ${membershipsOf(scope)} and ${startsBetween(from, to)}`;
  const rows = await rowsOf<CountRow>(
    db,
    sql`
      with starts as (${starts})
      select mo.id, mo.content as label, count(s.motivation_id)::int as count
      from motivations mo
      left join starts s on s.motivation_id = mo.id
      where mo.organisation_id = ${scope.organisationId}
      group by mo.id, mo.content, mo.position
      order by count desc, mo.position, mo.content, mo.id`,
  );
  const [all] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total from (${starts}) s`);
  return withNotRecorded(rows, all?.total ?? 0);
}

/** Appends the "Not recorded" row for what no listed row counted (none when all are counted). */
function withNotRecorded(rows: CountRow[], total: number): { rows: CountRow[]; total: number } {
  const unrecorded = total - rows.reduce((sum, row) => sum + row.count, 0);
  return {
    rows: unrecorded > 0 ? [...rows, { id: null, label: NOT_RECORDED, count: unrecorded }] : rows,
    total,
  };
}

/**
 * Starts or leaves in the period per team: every team of the organisation (narrowed by the team
 * filter), most first; a period counts in each team where the person held a role (of the role
 * filter) on some day of the period. Without filters, a "No team" row counts those held in none.
 */
export async function movementByTeam(
  db: ReportScope['db'],
  scope: MembershipScope,
  movement: 'starts' | 'leaves',
): Promise<CountRow[]> {
  const { from, to } = scope.period;
  const moved = movement === 'starts' ? startsBetween(from, to) : leavesBetween(from, to);
  // The periods that moved and the (person, team) pairs of roles held in the period are each read
  // once and joined, rather than a role lookup for every (team, period) pair, which took seconds
  // on a million people.
  const pieces = sql`
    moved as (
      select m.id, m.user_id from user_memberships m
      where m.organisation_id = ${scope.organisationId} and ${moved}
    ),
    held as (
      select r.user_id, r.team_id from user_roles r
      where ${roleHeldIn(scope)} and ${roleFilter(sql`r.role_profile_id`, scope.roleProfile)}
      group by r.user_id, r.team_id
    )`;
  const rows = await rowsOf<CountRow>(
    db,
    sql`
      with ${pieces},
      counted as (
        select h.team_id, count(*) as count
        from moved m
        join held h on h.user_id = m.user_id
        group by h.team_id
      )
      select t.id, t.name as label, coalesce(c.count, 0)::int as count
      from teams t
      left join counted c on c.team_id = t.id
      where t.organisation_id = ${scope.organisationId}
        and ${teamFilter(sql`t.id`, scope.team)}
      order by count desc, t.name, t.id`,
  );
  if (scope.team.length > 0 || scope.roleProfile.length > 0) {
    return rows;
  }
  const [none] = await rowsOf<{ count: number }>(
    db,
    sql`
      with ${pieces}
      select count(*)::int as count from moved m
      where not exists (select 1 from held h where h.user_id = m.user_id)`,
  );
  return none && none.count > 0 ? [...rows, { id: null, label: 'No team', count: none.count }] : rows;
}
