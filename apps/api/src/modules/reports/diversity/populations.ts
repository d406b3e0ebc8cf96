import { sql, type SQL } from 'drizzle-orm';
import type { ReportScope } from '../report.js';
import { personFilter, roleFilter, teamFilter, withinPeriod } from '../sql.js';

/*
 * The people a diversity report counts, each a query answering distinct `user_id`s of the
 * organisation (docs/reports.md "Diversity"). A timestamp's day is the one in the organisation's
 * time zone, as everywhere in the reports.
 */

type PopulationScope = Pick<ReportScope, 'organisationId' | 'period' | 'team' | 'roleProfile' | 'timezone'>;

/**
 * People volunteering on some day of the period: a period of volunteering (`user_memberships`)
 * overlaps it. `team` and `role_profile` keep those who held a matching role on some day of the
 * period, as in every report about people; with `team` this is the team report.
 */
export function volunteersIn(scope: PopulationScope): SQL {
  const { organisationId, period } = scope;
  return sql`
    select distinct m.user_id
    from user_memberships m
    join users u on u.id = m.user_id and u.organisation_id = ${organisationId}
    where m.organisation_id = ${organisationId}
      and m.joined_on <= ${period.to}::date
      and (m.left_on is null or m.left_on >= ${period.from}::date)
      and ${personFilter(sql`m.user_id`, scope)}`;
}

/**
 * People who applied in the period: an application they completed (any status but `pending`,
 * which was never completed) on a day of the period. `team` and `role_profile` keep applications
 * to opportunities of that team and role profile. `acceptedOnly`: only applications since
 * accepted (the cleared applicants).
 */
export function applicantsIn(scope: PopulationScope, acceptedOnly = false): SQL {
  const { organisationId, period, team, roleProfile } = scope;
  return sql`
    select distinct a.user_id
    from applications a
    join opportunities o on o.id = a.opportunity_id and o.organisation_id = ${organisationId}
    join users u on u.id = a.user_id and u.organisation_id = ${organisationId}
    where a.organisation_id = ${organisationId}
      and a.status <> 'pending'
      and a.completed_at is not null
      and ${withinPeriod(sql`a.completed_at`, period, scope.timezone)}
      and ${acceptedOnly ? sql`a.status = 'accepted'` : sql`true`}
      and ${teamFilter(sql`o.team_id`, team)}
      and ${roleFilter(sql`o.role_profile_id`, roleProfile)}`;
}
