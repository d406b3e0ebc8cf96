import { sql, type SQL } from 'drizzle-orm';
import type { ReportScope } from '../report.js';
import { personFilter, roleFilter, teamFilter, withinPeriod } from '../sql.js';

/*
 * The people a diversity report counts (docs/reports.md "Diversity"), each a condition on a user
 * id that is true for the people of the set: the reports ask it of the users (to count them, and
 * to read their date of birth) and of the answers (to count those of the people), rather than
 * making the set of ids first and joining it to each. Made first, the set was rebuilt for each
 * of a report's queries (a distinct over a million memberships joined to the users, three times
 * over in the parallel plan of one query: over three seconds at a million people). A timestamp's
 * day is the one in the organisation's time zone, as everywhere in the reports. Their aliases
 * (`pm`, `pa`, `po`) are their own, so that they never hide a table of the query asking.
 */

type PopulationScope = Pick<ReportScope, 'organisationId' | 'period' | 'team' | 'roleProfile' | 'timezone'>;

/** True when the user id (a column or expression) is one of a population's people. */
export type Population = (user: SQL) => SQL;

/**
 * People volunteering on some day of the period: a period of volunteering (`user_memberships`)
 * overlaps it. `team` and `role_profile` keep those who held a matching role on some day of the
 * period, as in every report about people; with `team` this is the team report.
 */
export function volunteersIn(scope: PopulationScope): Population {
  const { organisationId, period } = scope;
  return (user) => sql`exists (
      select 1 from user_memberships pm
      where pm.user_id = ${user}
        and pm.organisation_id = ${organisationId}
        and pm.joined_on <= ${period.to}::date
        and (pm.left_on is null or pm.left_on >= ${period.from}::date))
    and ${personFilter(user, scope)}`;
}

/**
 * People who applied in the period: an application they completed (any status but `pending`,
 * which was never completed) on a day of the period. `team` and `role_profile` keep applications
 * to opportunities of that team and role profile. `acceptedOnly`: only applications since
 * accepted (the cleared applicants).
 */
export function applicantsIn(scope: PopulationScope, acceptedOnly = false): Population {
  const { organisationId, period, team, roleProfile } = scope;
  return (user) => sql`exists (
      select 1
      from applications pa
      join opportunities po on po.id = pa.opportunity_id and po.organisation_id = ${organisationId}
      where pa.user_id = ${user}
        and pa.organisation_id = ${organisationId}
        and pa.status <> 'pending'
        and pa.completed_at is not null
        and ${withinPeriod(sql`pa.completed_at`, period, scope.timezone)}
        and ${acceptedOnly ? sql`pa.status = 'accepted'` : sql`true`}
        and ${teamFilter(sql`po.team_id`, team)}
        and ${roleFilter(sql`po.role_profile_id`, roleProfile)})`;
}
