import { sql } from 'drizzle-orm';
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
    const inPeriod = (column: string) =>
      sql`count(*) filter (where ${sql.identifier(column)} between ${period.from}::date and ${period.to}::date)::int`;
    const byEnd = (column: string) =>
      sql`count(*) filter (where ${sql.identifier(column)} <= ${period.to}::date)::int`;
    // Every record that passes someone through a checkpoint, with the people counted, as one
    // list grouped by person: no per-person lookups, whose plan the embedded database (without
    // statistics) may turn into a scan of a whole table for each person.
    const [figures] = await rowsOf<Record<string, number>>(
      db,
      sql`
        with compulsory as materialized (
          select im.id from induction_modules im
          where im.organisation_id = ${organisationId} and im.compulsory and im.active
        ),
        marks as (
          select u.id as user_id, 'person' as kind, null::date as day
          from users u
          where u.organisation_id = ${organisationId}
            and ${personFilter(sql`u.id`, scope)}
          union all
          select a.user_id, 'applied', ${dayOf(sql`coalesce(a.completed_at, a.created_at)`, timezone)}
          from applications a
          where a.organisation_id = ${organisationId} and a.status <> 'pending'
          union all
          select ur.user_id, 'role_given', ${dayOf(sql`ur.created_at`, timezone)}
          from user_roles ur
          where ur.organisation_id = ${organisationId}
          union all
          select ui.user_id, 'inductions_completed', max(${dayOf(sql`ui.completed_at`, timezone)})
          from user_inductions ui
          where ui.organisation_id = ${organisationId}
            and ui.module_id in (select id from compulsory)
            and ui.status = 'completed' and ui.completed_at is not null
          group by ui.user_id
          having count(*) = (select count(*) from compulsory) and count(*) > 0
          union all
          select vc.user_id, 'vetting_cleared', vc.cleared_on
          from vetting_checks vc
          where vc.organisation_id = ${organisationId} and vc.cleared_on is not null
          union all
          select su.user_id, 'first_activity', sh.date
          from signups su
          join shifts sh on sh.id = su.shift_id and sh.organisation_id = ${organisationId}
          where su.organisation_id = ${organisationId} and su.status = 'attended'
          union all
          select sa.user_id, 'first_activity', ${dayOf(sql`es.starts_at`, timezone)}
          from session_attendees sa
          join event_sessions es on es.id = sa.session_id and es.organisation_id = ${organisationId}
          where sa.organisation_id = ${organisationId} and sa.status = 'attended'
        ),
        passed as (
          select
            min(m.day) filter (where m.kind = 'applied') as applied,
            min(m.day) filter (where m.kind = 'role_given') as role_given,
            min(m.day) filter (where m.kind = 'inductions_completed') as inductions_completed,
            min(m.day) filter (where m.kind = 'vetting_cleared') as vetting_cleared,
            min(m.day) filter (where m.kind = 'first_activity') as first_activity
          from marks m
          group by m.user_id
          having bool_or(m.kind = 'person')
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
