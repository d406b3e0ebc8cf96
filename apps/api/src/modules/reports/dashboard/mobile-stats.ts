import { sql, type SQL } from 'drizzle-orm';
import { mobileDashboardStatKeys, mobileDashboardStatsResponseSchema } from '@muster/contract';
import { defineReport } from '../report.js';
import { dayOf, onOrBefore, rowsOf } from '../sql.js';
import { roundHours, statRows, volunteering, type StatDefinition } from './figures.js';

type Key = (typeof mobileDashboardStatKeys)[number];

const DEFINITIONS: Record<Key, StatDefinition> = {
  upcoming_shifts: { label: 'Upcoming shifts', unit: 'count' },
  upcoming_sessions: { label: 'Upcoming event sessions', unit: 'count' },
  event_invitations: { label: 'Event invitations to answer', unit: 'count' },
  hours_volunteered: { label: 'Hours volunteered', unit: 'hours' },
  shifts_attended: { label: 'Shifts attended', unit: 'count' },
  sessions_attended: { label: 'Event sessions attended', unit: 'count' },
  open_tasks: { label: 'Open tasks', unit: 'count' },
  overdue_tasks: { label: 'Overdue tasks', unit: 'count' },
  compulsory_training_outstanding: { label: 'Compulsory training to do', unit: 'count' },
  claims_awaiting_decision: { label: 'Claims awaiting a decision', unit: 'count' },
  approved_unpaid_pence: { label: 'Approved, not yet paid', unit: 'pence' },
};

/**
 * GET /mobile/dashboard/stats/: the signed-in person's own figures for the app's home screen.
 * Needs only a session: everyone may see their own work, and nothing here is anyone else's.
 */
export const mobileDashboardStats = defineReport({
  path: '/mobile/dashboard/stats',
  summary: 'My dashboard figures',
  description:
    'The signed-in person’s own figures, one row per figure in a fixed order. From today (in the organisation’s calendar) on: `upcoming_shifts` signed up or confirmed from today; `upcoming_sessions` confirmed event sessions not yet started (published events); `event_invitations` not yet answered (published events not yet over). In the period: `hours_volunteered`, `shifts_attended`, `sessions_attended` (attended shifts by their date, sessions by the day they start). Now: `open_tasks` assigned and not completed, `overdue_tasks` of them past their due date; `compulsory_training_outstanding`: active compulsory modules without a valid completion today; `claims_awaiting_decision`; `approved_unpaid_pence`: expenses in approved claims not yet paid. `team` and `role_profile` do not apply (meta shows none).',
  permissions: [],
  response: mobileDashboardStatsResponseSchema,
  run: async (scope) => {
    const { organisationId, userId, timezone } = scope;
    const today = dayOf(sql`now()`, timezone);
    const mine = (userColumn: SQL) => sql`${userColumn} = ${userId}`;
    const work = volunteering(scope, mine);
    const openTasks = sql`
      from task_assignees ta
      join tasks t on t.id = ta.task_id and t.organisation_id = ${organisationId}
      where ta.organisation_id = ${organisationId}
        and ta.user_id = ${userId}
        and ta.left_at is null
        and t.completed_at is null`;
    const [values] = await rowsOf<Record<Key, number>>(
      scope.db,
      sql`
        select
          (select count(*) from signups g
            join shifts s on s.id = g.shift_id and s.organisation_id = ${organisationId}
            where g.organisation_id = ${organisationId}
              and g.user_id = ${userId}
              and g.status in ('signed-up', 'confirmed')
              and s.date >= ${today})::int as upcoming_shifts,
          (select count(*) from session_attendees sa
            join event_sessions es on es.id = sa.session_id
            join events e on e.id = sa.event_id and e.organisation_id = ${organisationId}
            where sa.organisation_id = ${organisationId}
              and sa.user_id = ${userId}
              and sa.status = 'confirmed'
              and e.status = 'published'
              and es.starts_at > now())::int as upcoming_sessions,
          (select count(*) from event_invitations i
            join events e on e.id = i.event_id and e.organisation_id = ${organisationId}
            where i.organisation_id = ${organisationId}
              and i.user_id = ${userId}
              and i.status = 'invited'
              and e.status = 'published'
              and e.ends_at > now())::int as event_invitations,
          ${work.hours} as hours_volunteered,
          ${work.shiftsAttended} as shifts_attended,
          ${work.sessionsAttended} as sessions_attended,
          (select count(*) ${openTasks})::int as open_tasks,
          (select count(*) ${openTasks} and t.due_date < ${today})::int as overdue_tasks,
          (select count(*) from induction_modules m
            where m.organisation_id = ${organisationId}
              and m.active
              and m.compulsory
              and not exists (
                select 1 from user_inductions ui
                where ui.user_id = ${userId}
                  and ui.module_id = m.id
                  and ui.organisation_id = ${organisationId}
                  and ui.status = 'completed'
                  and ${onOrBefore(sql`ui.completed_at`, today, timezone)}
                  and (ui.expires_on is null or ui.expires_on > ${today})))::int as compulsory_training_outstanding,
          (select count(*) from claims c
            where c.organisation_id = ${organisationId}
              and c.user_id = ${userId}
              and c.status = 'submitted')::int as claims_awaiting_decision,
          (select coalesce(sum(e.amount_pence), 0) from expenses e
            where e.organisation_id = ${organisationId}
              and e.user_id = ${userId}
              and e.claim_id is not null
              and e.status = 'approved')::float8 as approved_unpaid_pence`,
    );
    if (!values) {
      throw new Error('A query of scalar subqueries answers one row.');
    }
    return {
      data: statRows(mobileDashboardStatKeys, DEFINITIONS, {
        ...values,
        hours_volunteered: roundHours(values.hours_volunteered),
      }),
      // One's own figures are never narrowed to teams or role profiles.
      meta: { ...scope.period, team: [], role_profile: [] },
    };
  },
});
