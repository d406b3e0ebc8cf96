import { sql, type SQL } from 'drizzle-orm';
import { userLoginsReportSchema, type UserLoginsReport } from '@muster/contract';
import { defineReport, type ReportScope } from '../report.js';
import { personFilter, rowsOf, startOfDay } from '../sql.js';
import { currentPeople, metaOf } from './people.js';

/** A successful sign-in of the security log (`sl`), whatever the factor or channel. */
function successfulSignIn(organisationId: number): SQL {
  return sql`sl.organisation_id = ${organisationId}
    and sl.event = 'sign_in'
    and sl.outcome = 'success'
    and sl.user_id is not null`;
}

/** The first instant after the period's last day: sign-ins before it happened by its end. */
function afterPeriod(scope: ReportScope): SQL {
  return startOfDay(sql`${scope.period.to}::date + 1`, scope.timezone);
}

/*
 * Each query reads the sign-ins once, in the order of the partial index
 * `security_log_sign_ins_idx` (organisation, person, time), and never count them again for each
 * month or each person: the embedded database keeps no planner statistics, so a correlated count
 * can be planned as a scan of the whole log per row, and on a million people even one grouping
 * pass per figure costs seconds.
 */

/** A month's row with the period's totals of sign-ins and people alongside (the same on every row). */
type MonthRow = UserLoginsReport['data'][number] & { period_logins: number; period_people: number };

/**
 * One row per month of the period. Each sign-in up to the period's end is read with the time of
 * the same person's sign-in before it (`previous`): a sign-in in the period is the person's first
 * ever when there is none, their first of the period when that was before the period, and their
 * first of its month when that was also in another month, so the people of a month (or of the
 * period) are the sign-ins that are their first of it. A sign-in's month (a time zone
 * conversion) is worked out only for those in the period, after the window: in it, for every
 * sign-in since the first, it cost about half the query.
 */
async function monthRows(scope: ReportScope): Promise<MonthRow[]> {
  const { db, organisationId, period, timezone } = scope;
  const periodStart = startOfDay(period.from, timezone);
  const month = (column: SQL) => sql`date_trunc('month', ${column} at time zone ${timezone}::text)`;
  return rowsOf<MonthRow>(
    db,
    sql`
      with months as (
        select to_char(m, 'YYYY-MM') as month
        from generate_series(
          date_trunc('month', ${period.from}::date::timestamp),
          date_trunc('month', ${period.to}::date::timestamp),
          interval '1 month') as m
      ),
      ordered as (
        select sl.created_at,
               lag(sl.created_at) over (partition by sl.user_id order by sl.created_at) as previous
        from security_log sl
        where ${successfulSignIn(organisationId)}
          and sl.created_at < ${afterPeriod(scope)}
          and ${personFilter(sql`sl.user_id`, scope)}
      ),
      in_period as (
        select ${month(sql`o.created_at`)} as month, o.previous
        from ordered o
        where o.created_at >= ${periodStart}
      ),
      sign_ins as (
        select to_char(o.month, 'YYYY-MM') as month,
               count(*)::int as logins,
               count(*) filter (
                 where o.previous is null or o.previous < ${periodStart}
                    or ${month(sql`o.previous`)} <> o.month)::int as people,
               count(*) filter (where o.previous is null)::int as first_logins,
               count(*) filter (where o.previous is null or o.previous < ${periodStart})::int as period_people
        from in_period o
        group by o.month
      )
      select months.month,
             coalesce(s.logins, 0) as logins,
             coalesce(s.people, 0) as people,
             coalesce(s.first_logins, 0) as first_logins,
             (select coalesce(sum(t.logins), 0) from sign_ins t)::int as period_logins,
             (select coalesce(sum(t.period_people), 0) from sign_ins t)::int as period_people
      from months
      left join sign_ins s on s.month = months.month
      order by months.month`,
  );
}

/**
 * The current people, and of them those who did not sign in during the period and those who never
 * had by its end: each person's latest sign-in by the period's end, joined to the current people.
 */
async function currentTotals(
  scope: ReportScope,
): Promise<{ current_people: number; not_signed_in: number; never_signed_in: number }> {
  const { db, organisationId, period, timezone } = scope;
  const [people] = await rowsOf<{ current_people: number; not_signed_in: number; never_signed_in: number }>(
    db,
    sql`
      select count(*)::int as current_people,
             count(*) filter (where latest.at is null or latest.at < ${startOfDay(period.from, timezone)})::int as not_signed_in,
             count(*) filter (where latest.at is null)::int as never_signed_in
      from users u
      left join (
        select sl.user_id, max(sl.created_at) as at
        from security_log sl
        where ${successfulSignIn(organisationId)}
          and sl.created_at < ${afterPeriod(scope)}
        group by sl.user_id
      ) latest on latest.user_id = u.id
      where ${currentPeople(scope)}`,
  );
  return {
    current_people: people?.current_people ?? 0,
    not_signed_in: people?.not_signed_in ?? 0,
    never_signed_in: people?.never_signed_in ?? 0,
  };
}

/**
 * GET /reports/users/logins: successful sign-ins (the security log's `sign_in` successes, any
 * factor, web or mobile) per calendar month of the period, with the people behind them and the
 * current people who did not, or never, sign in.
 */
export const usersLogins = defineReport({
  path: '/reports/users/logins',
  summary: 'Sign-ins by month',
  description:
    'One row per calendar month of the period (days in the organisation’s time zone): successful sign-ins, the different people who signed in, and the people whose first sign-in ever it was. `totals` adds the period as a whole and, of the current people (not left or blocked, account made by the last day), those who did not sign in during the period and those who never had by its last day.',
  response: userLoginsReportSchema,
  run: async (scope) => {
    // Two independent reads: on PostgreSQL they run side by side on two connections.
    const [rows, current] = await Promise.all([monthRows(scope), currentTotals(scope)]);
    const data = rows.map(({ month, logins, people, first_logins }) => ({
      month,
      logins,
      people,
      first_logins,
    }));
    return {
      data,
      meta: metaOf(scope),
      totals: {
        logins: rows[0]?.period_logins ?? 0,
        people: rows[0]?.period_people ?? 0,
        ...current,
      },
    };
  },
});
