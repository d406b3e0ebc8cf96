import { sql } from 'drizzle-orm';
import { organisationStatKeys, organisationStatsResponseSchema } from '@muster/contract';
import { USER_STATUS } from '../../../db/seed/reference-data.js';
import { inPostOn, metaOf } from '../overview/people.js';
import { defineReport } from '../report.js';
import { onOrBefore, personFilter, roleFilter, rowsOf, teamFilter } from '../sql.js';
import { statRows, type StatDefinition } from './figures.js';

type Key = (typeof organisationStatKeys)[number];

const DEFINITIONS: Record<Key, StatDefinition> = {
  people: { label: 'People', unit: 'people' },
  people_in_post: { label: 'People in post', unit: 'people' },
  applicants: { label: 'Applicants', unit: 'people' },
  teams: { label: 'Teams', unit: 'count' },
  role_profiles: { label: 'Role profiles', unit: 'count' },
  open_opportunities: { label: 'Open opportunities', unit: 'count' },
};

/**
 * GET /analytics/organisation-stats (list only): the organisation's size as it stood on the last
 * day of the period, as a short list of named figures.
 */
export const organisationStats = defineReport({
  path: '/analytics/organisation-stats',
  summary: 'Organisation headline figures',
  description:
    'The organisation as it stood on the last day of the period, one row per figure in a fixed order: `people` registered by then; `people_in_post` holding a role that day; `applicants` (people registered by then whose status is Applicant now); `teams` and `role_profiles` created by then; `open_opportunities` published and running that day (no start after it, no end before it). `team` and `role_profile` narrow people to those who held a matching role (some day of the period; in post: that day), and teams, role profiles and opportunities to the chosen ones.',
  response: organisationStatsResponseSchema,
  run: async (scope) => {
    const { organisationId, period, timezone } = scope;
    const registered = sql`u.organisation_id = ${organisationId}
      and ${onOrBefore(sql`u.created_at`, period.to, timezone)}
      and ${personFilter(sql`u.id`, scope)}`;
    const [values] = await rowsOf<Record<Key, number>>(
      scope.db,
      sql`
        select
          (select count(*) from users u where ${registered})::int as people,
          (select count(*) from users u
            where u.organisation_id = ${organisationId} and ${inPostOn(sql`u.id`, scope, period.to)})::int as people_in_post,
          (select count(*) from users u where ${registered} and u.status_id = ${USER_STATUS.applicant})::int as applicants,
          (select count(*) from teams t
            where t.organisation_id = ${organisationId}
              and ${onOrBefore(sql`t.created_at`, period.to, timezone)}
              and ${teamFilter(sql`t.id`, scope.team)})::int as teams,
          (select count(*) from role_profiles rp
            where rp.organisation_id = ${organisationId}
              and ${onOrBefore(sql`rp.created_at`, period.to, timezone)}
              and ${roleFilter(sql`rp.id`, scope.roleProfile)})::int as role_profiles,
          (select count(*) from opportunities o
            where o.organisation_id = ${organisationId}
              and o.published
              and (o.start_date is null or o.start_date <= ${period.to}::date)
              and (o.end_date is null or o.end_date >= ${period.to}::date)
              and ${teamFilter(sql`o.team_id`, scope.team)}
              and ${roleFilter(sql`o.role_profile_id`, scope.roleProfile)})::int as open_opportunities`,
    );
    if (!values) {
      throw new Error('A query of scalar subqueries answers one row.');
    }
    return { data: statRows(organisationStatKeys, DEFINITIONS, values), meta: metaOf(scope) };
  },
});
