import { sql } from 'drizzle-orm';
import { activitiesEngagementResponseSchema, type ActivitiesEngagementRow } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineReport } from '../report.js';
import { onOrBefore, personFilter, roleFilter, rowsOf, teamFilter } from '../sql.js';
import { hoursTotal, participationHours, startsInPeriod } from './activities-sql.js';

/** How often people took part: the bands of the engagement report, fewest first. */
export const ENGAGEMENT_BANDS: readonly { label: string; min: number; max: number | null }[] = [
  { label: 'No activities', min: 0, max: 0 },
  { label: '1 activity', min: 1, max: 1 },
  { label: '2–4 activities', min: 2, max: 4 },
  { label: '5–9 activities', min: 5, max: 9 },
  { label: '10 or more activities', min: 10, max: null },
];

/**
 * GET /reports/activities/engagement: how engaged the organisation's people were, as how many of
 * them took part in no activity, one, a few or many in the period.
 */
export const activitiesEngagement = defineReport({
  path: '/reports/activities/engagement',
  summary: 'Activities: how often people took part',
  description:
    'One row per band of activities taken part in during the period (0, 1, 2–4, 5–9, 10 or more): how many people fall in it and their hours. The people are everyone who held a role on some day of the period, and everyone who took part in an activity of the period; the team and role profile filters narrow them to holders of a role in those teams and role profiles. Every activity they took part in counts, whichever team ran it.',
  response: activitiesEngagementResponseSchema,
  run: async (scope) => {
    const bands = sql.join(
      ENGAGEMENT_BANDS.map((band) => sql`(${band.label}::text, ${band.min}::int, ${band.max}::int)`),
      sql`, `,
    );
    const rows = await rowsOf<ActivitiesEngagementRow>(
      scope.db,
      sql`
        with took_part as (
          select p.user_id, count(*)::int as taken, sum(${participationHours}) as hours
          from activity_participants p
          join activities a on a.id = p.activity_id
          where p.organisation_id = ${scope.organisationId}
            and p.attended
            and ${startsInPeriod(scope)}
          group by p.user_id
        ), people as (
          select ur.user_id
          from user_roles ur
          where ur.organisation_id = ${scope.organisationId}
            and ${teamFilter(sql`ur.team_id`, scope.team)}
            and ${roleFilter(sql`ur.role_profile_id`, scope.roleProfile)}
            and ${onOrBefore(sql`ur.created_at`, scope.period.to, scope.timezone)}
            and (ur.end_date is null or ur.end_date >= ${scope.period.from}::date)
          union
          select t.user_id from took_part t where ${personFilter(sql`t.user_id`, scope)}
        ), per_person as (
          select pe.user_id, coalesce(t.taken, 0) as taken, coalesce(t.hours, 0) as hours
          from people pe
          left join took_part t on t.user_id = pe.user_id
        ), bands(label, min, max) as (values ${bands})
        select b.label, b.min, b.max, count(pp.user_id)::int as people, ${hoursTotal(sql`pp.hours`)} as hours
        from bands b
        left join per_person pp on pp.taken >= b.min and (b.max is null or pp.taken <= b.max)
        group by b.label, b.min, b.max
        order by b.min`,
    );
    return { data: rows, meta: metaOf(scope) };
  },
});
