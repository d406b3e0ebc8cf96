import { sql } from 'drizzle-orm';
import {
  activitiesEngagementDetailResponseSchema,
  type ActivitiesEngagementDetailRow,
} from '@muster/contract';
import { isoUtc, metaOf, personName } from '../overview/people.js';
import { defineListReport } from '../report.js';
import { personFilter } from '../sql.js';
import { participationHours, startsInPeriod } from './activities-sql.js';

/**
 * GET /reports/activities/engagement-detail: the people behind the engagement report, one row
 * per person who took part in an activity of the period.
 */
export const activitiesEngagementDetail = defineListReport({
  path: '/reports/activities/engagement-detail',
  summary: 'Activities: each person’s part',
  description:
    'One row per person who took part in at least one activity that started in the period, most hours first: how many activities, their hours, how often they signed up and did not come, and when their first and last activities of the period started. The team and role profile filters narrow the people to holders of a role in those teams and role profiles; every activity they took part in counts, whichever team ran it.',
  response: activitiesEngagementDetailResponseSchema,
  rows: {
    query: (scope) => sql`
      select u.id, ${personName(sql`u`)} as label,
             count(*) filter (where p.attended)::int as activities,
             round(coalesce(sum(${participationHours}) filter (where p.attended), 0)::numeric, 2)::float8 as hours,
             count(*) filter (where p.attended = false)::int as no_shows,
             ${isoUtc(sql`min(a.starts_at) filter (where p.attended)`)} as first_activity_at,
             ${isoUtc(sql`max(a.starts_at) filter (where p.attended)`)} as last_activity_at
      from activity_participants p
      join activities a on a.id = p.activity_id
      join users u on u.id = p.user_id and u.organisation_id = ${scope.organisationId}
      where p.organisation_id = ${scope.organisationId}
        and ${startsInPeriod(scope)}
        and ${personFilter(sql`p.user_id`, scope)}
      group by u.id
      having count(*) filter (where p.attended) > 0`,
    order: sql`hours desc, label, id`,
    toRow: (row: ActivitiesEngagementDetailRow) => row,
  },
  meta: metaOf,
});
