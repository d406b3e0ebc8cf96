import { addDays } from 'date-fns';
import { sql } from 'drizzle-orm';
import {
  activitiesUpcomingResponseSchema,
  type ActivitiesUpcomingRow,
  type ReportPeriod,
  todayIn,
} from '@muster/contract';
import { isoUtc, metaOf } from '../overview/people.js';
import { defineListReport } from '../report.js';
import { activitiesInScope, participantsInScope } from './activities-sql.js';

/** How far ahead upcoming activities look without a `to`. */
export const UPCOMING_DAYS = 30;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The period of upcoming activities: from `from`, else today in the organisation's time zone (or
 * `to` when that is earlier), to `to`, else {@link UPCOMING_DAYS} days after the start. A look
 * ahead, unlike the reports' year back.
 */
export function upcomingPeriod(
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
  timezone = 'UTC',
): ReportPeriod {
  const today = todayIn(timezone, now);
  const from = query.from ?? (query.to !== undefined && query.to < today ? query.to : today);
  const to = query.to ?? isoDay(addDays(new Date(`${from}T00:00:00Z`), UPCOMING_DAYS));
  return { from, to };
}

/** GET /analytics/activities/upcoming: the activities coming up, soonest first. */
export const activitiesUpcoming = defineListReport({
  path: '/analytics/activities/upcoming',
  summary: 'Upcoming activities',
  description: `One row per activity starting in the period (run by the chosen teams when any are chosen), soonest first, with its category, team, the people signed up who have not been marked as not coming, and its expected guests. Without a period: from today to ${UPCOMING_DAYS} days ahead. The role profile filter narrows the people counted, not the activities.`,
  period: upcomingPeriod,
  response: activitiesUpcomingResponseSchema,
  rows: {
    // `sort_starts_at` (the instant, finer than its text) only orders the rows.
    query: (scope) => sql`
      select a.id, a.title as label,
             ${isoUtc(sql`a.starts_at`)} as starts_at,
             ${isoUtc(sql`a.ends_at`)} as ends_at,
             a.location, a.category_id, c.name as category, a.team_id, t.name as team,
             (select count(*) from activity_participants p
               where p.activity_id = a.id
                 and p.attended is distinct from false
                 and ${participantsInScope(scope)})::int as signed_up,
             a.guests,
             a.starts_at as sort_starts_at
      from activities a
      left join activity_categories c on c.id = a.category_id
      left join teams t on t.id = a.team_id
      where ${activitiesInScope(scope)}`,
    order: sql`sort_starts_at, id`,
    toRow: (row: ActivitiesUpcomingRow): ActivitiesUpcomingRow => ({
      id: row.id,
      label: row.label,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      location: row.location,
      category_id: row.category_id,
      category: row.category,
      team_id: row.team_id,
      team: row.team,
      signed_up: row.signed_up,
      guests: row.guests,
    }),
  },
  meta: metaOf,
});
