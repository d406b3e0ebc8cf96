import { addDays } from 'date-fns';
import { sql } from 'drizzle-orm';
import {
  activitiesUpcomingResponseSchema,
  type ActivitiesUpcomingRow,
  type ReportPeriod,
} from '@muster/contract';
import { isoUtc, metaOf } from '../overview/people.js';
import { todayIn } from '../../applications/submit.js';
import { defineReport } from '../report.js';
import { rowsOf } from '../sql.js';
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
export const activitiesUpcoming = defineReport({
  path: '/analytics/activities/upcoming',
  summary: 'Upcoming activities',
  description: `One row per activity starting in the period (run by the chosen teams when any are chosen), soonest first, with its category, team, the people signed up who have not been marked as not coming, and its expected guests. Without a period: from today to ${UPCOMING_DAYS} days ahead. The role profile filter narrows the people counted, not the activities.`,
  period: upcomingPeriod,
  response: activitiesUpcomingResponseSchema,
  run: async (scope) => {
    const rows = await rowsOf<ActivitiesUpcomingRow>(
      scope.db,
      sql`
        select a.id, a.title as label,
               ${isoUtc(sql`a.starts_at`)} as starts_at,
               ${isoUtc(sql`a.ends_at`)} as ends_at,
               a.location, a.category_id, c.name as category, a.team_id, t.name as team,
               (select count(*) from activity_participants p
                 where p.activity_id = a.id
                   and p.attended is distinct from false
                   and ${participantsInScope(scope)})::int as signed_up,
               a.guests
        from activities a
        left join activity_categories c on c.id = a.category_id
        left join teams t on t.id = a.team_id
        where ${activitiesInScope(scope)}
        order by a.starts_at, a.id`,
    );
    return { data: rows, meta: metaOf(scope) };
  },
});
