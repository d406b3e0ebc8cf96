import { sql } from 'drizzle-orm';
import { USER_CHECKPOINTS, userCheckpointsReportSchema, type UserCheckpoint } from '@muster/contract';
import { defineReport } from '../report.js';
import { personFilter, rowsOf } from '../sql.js';
import { metaOf, utcDay } from './people.js';

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
    'One row per onboarding checkpoint in the order they are passed (applied, role given, compulsory inductions completed, vetting cleared, first activity): the people who passed it for the first time on a day of the period, and all who had passed it by its last day. Days are in UTC.',
  response: userCheckpointsReportSchema,
  run: async (scope) => {
    const { db, organisationId, period } = scope;
    const inPeriod = (column: string) =>
      sql`count(*) filter (where ${sql.identifier(column)} between ${period.from}::date and ${period.to}::date)::int`;
    const byEnd = (column: string) =>
      sql`count(*) filter (where ${sql.identifier(column)} <= ${period.to}::date)::int`;
    const [figures] = await rowsOf<Record<string, number>>(
      db,
      sql`
        with compulsory as (
          select im.id from induction_modules im
          where im.organisation_id = ${organisationId} and im.compulsory and im.active
        ),
        passed as (
          select
            (select min(${utcDay(sql`coalesce(a.completed_at, a.created_at)`)}) from applications a
              where a.user_id = u.id and a.organisation_id = ${organisationId} and a.status <> 'pending') as applied,
            (select min(${utcDay(sql`ur.created_at`)}) from user_roles ur
              where ur.user_id = u.id and ur.organisation_id = ${organisationId}) as role_given,
            (select max(${utcDay(sql`ui.completed_at`)}) from user_inductions ui
              where ui.user_id = u.id and ui.organisation_id = ${organisationId}
                and ui.module_id in (select id from compulsory)
                and ui.status = 'completed' and ui.completed_at is not null
              having count(*) = (select count(*) from compulsory) and count(*) > 0) as inductions_completed,
            (select min(vc.cleared_on) from vetting_checks vc
              where vc.user_id = u.id and vc.organisation_id = ${organisationId}
                and vc.cleared_on is not null) as vetting_cleared,
            least(
              (select min(sh.date) from signups su
                join shifts sh on sh.id = su.shift_id and sh.organisation_id = ${organisationId}
                where su.user_id = u.id and su.organisation_id = ${organisationId} and su.status = 'attended'),
              (select min(${utcDay(sql`es.starts_at`)}) from session_attendees sa
                join event_sessions es on es.id = sa.session_id and es.organisation_id = ${organisationId}
                where sa.user_id = u.id and sa.organisation_id = ${organisationId} and sa.status = 'attended')
            ) as first_activity
          from users u
          where u.organisation_id = ${organisationId}
            and ${personFilter(sql`u.id`, scope)}
        )
        select ${sql.join(
          USER_CHECKPOINTS.map(
            (checkpoint) =>
              sql`${inPeriod(checkpoint)} as ${sql.identifier(`${checkpoint}_count`)}, ${byEnd(checkpoint)} as ${sql.identifier(`${checkpoint}_total`)}`,
          ),
          sql`, `,
        )}
        from passed`,
    );
    const data = USER_CHECKPOINTS.map((checkpoint) => ({
      checkpoint,
      label: LABELS[checkpoint],
      count: figures?.[`${checkpoint}_count`] ?? 0,
      reached_by_end: figures?.[`${checkpoint}_total`] ?? 0,
    }));
    return { data, meta: metaOf(scope) };
  },
});
