import { sql, type SQL } from 'drizzle-orm';
import { USER_CHECKPOINTS, userCheckpointsReportSchema, type UserCheckpoint } from '@muster/contract';
import { defineReport } from '../report.js';
import { dayOf, personFilter, rowsOf } from '../sql.js';
import { metaOf } from './people.js';

const LABELS: Record<UserCheckpoint, string> = {
  applied: 'Applied',
  role_given: 'Given a role',
  inductions_completed: 'Compulsory inductions completed',
  vetting_cleared: 'Vetting cleared',
  first_activity: 'First activity',
};

/**
 * GET /reports/users/checkpoints: the onboarding funnel. Each person passes a checkpoint on one
 * day, the first time: their first application sent (when it was completed, else made; a pending
 * one, made ahead for them, is not sent); their first role; the completion of the last of the organisation's active compulsory
 * induction modules, once all are completed (nobody passes it where there are none); their first
 * vetting check cleared; their first shift or event session marked attended (a shift on its date,
 * a session on the day it starts). Everyone the records name is counted, whatever their status now.
 */
export const usersCheckpoints = defineReport({
  path: '/reports/users/checkpoints',
  summary: 'Onboarding checkpoints',
  description:
    'One row per onboarding checkpoint in the order they are passed (applied, role given, compulsory inductions completed, vetting cleared, first activity): the people who passed it for the first time on a day of the period, and all who had passed it by its last day. Days are in the organisation’s time zone.',
  response: userCheckpointsReportSchema,
  run: async (scope) => {
    const { db, organisationId, period, timezone } = scope;
    const compulsory = sql`
      select im.id from induction_modules im
      where im.organisation_id = ${organisationId} and im.compulsory and im.active`;
    // Each checkpoint is passed on its own, so each kind of record is grouped by person on its
    // own query (small groupings, often straight from an index in person order), and the five
    // run side by side (on PostgreSQL, on pool connections of their own). A group keeps the
    // earliest (latest) instant and reads its day once: the day of an instant never goes back as
    // the instant goes on, so that is the day of the first (last) record, without a time zone
    // conversion for each of a million records. The records are scoped by their own
    // organisation, so the people are looked up only when the team or role filter asks who they
    // are: matching every person passing a checkpoint to the users took over a second.
    const passed: Record<UserCheckpoint, SQL> = {
      applied: sql`
        select a.user_id, ${dayOf(sql`min(coalesce(a.completed_at, a.created_at))`, timezone)} as day
        from applications a
        where a.organisation_id = ${organisationId} and a.status <> 'pending'
        group by a.user_id`,
      role_given: sql`
        select ur.user_id, ${dayOf(sql`min(ur.created_at)`, timezone)} as day
        from user_roles ur
        where ur.organisation_id = ${organisationId}
        group by ur.user_id`,
      inductions_completed: sql`
        select ui.user_id, ${dayOf(sql`max(ui.completed_at)`, timezone)} as day
        from user_inductions ui
        where ui.organisation_id = ${organisationId}
          and ui.module_id in (${compulsory})
          and ui.status = 'completed' and ui.completed_at is not null
        group by ui.user_id
        having count(*) = (select count(*) from (${compulsory}) c)`,
      vetting_cleared: sql`
        select vc.user_id, min(vc.cleared_on) as day
        from vetting_checks vc
        where vc.organisation_id = ${organisationId} and vc.cleared_on is not null
        group by vc.user_id`,
      first_activity: sql`
        select attended.user_id, min(attended.day) as day
        from (
          select su.user_id, sh.date as day
          from signups su
          join shifts sh on sh.id = su.shift_id and sh.organisation_id = ${organisationId}
          where su.organisation_id = ${organisationId} and su.status = 'attended'
          union all
          select sa.user_id, ${dayOf(sql`es.starts_at`, timezone)}
          from session_attendees sa
          join event_sessions es on es.id = sa.session_id and es.organisation_id = ${organisationId}
          where sa.organisation_id = ${organisationId} and sa.status = 'attended'
        ) attended
        group by attended.user_id`,
    };
    const counted = await Promise.all(
      USER_CHECKPOINTS.map(async (checkpoint) => {
        const [row] = await rowsOf<{ count: number; reached_by_end: number }>(
          db,
          sql`
            select count(*) filter (where p.day between ${period.from}::date and ${period.to}::date)::int as count,
                   count(*) filter (where p.day <= ${period.to}::date)::int as reached_by_end
            from (${passed[checkpoint]}) p
            where ${personFilter(sql`p.user_id`, scope)}`,
        );
        return { checkpoint, count: row?.count ?? 0, reached_by_end: row?.reached_by_end ?? 0 };
      }),
    );
    const data = counted.map(({ checkpoint, count, reached_by_end }) => ({
      checkpoint,
      label: LABELS[checkpoint],
      count,
      reached_by_end,
    }));
    return { data, meta: metaOf(scope) };
  },
});
