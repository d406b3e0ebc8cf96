import { sql, type SQL } from 'drizzle-orm';
import { userLoginsReportSchema, type UserLoginsReport } from '@muster/contract';
import { defineReport, type ReportScope } from '../report.js';
import { dayOf, personFilter, rowsOf, startOfDay, withinPeriod } from '../sql.js';
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
 * Both queries read the sign-ins once and group them, rather than counting them again for each
 * month or each person: the embedded database keeps no planner statistics, so a correlated count
 * can be planned as a scan of the whole log per row (seconds on the demo history).
 */

async function monthRows(scope: ReportScope): Promise<UserLoginsReport['data']> {
  const { db, organisationId, period, timezone } = scope;
  const day = dayOf(sql`sl.created_at`, timezone);
  return rowsOf<UserLoginsReport['data'][number]>(
    db,
    sql`
      with months as (
        select to_char(m, 'YYYY-MM') as month
        from generate_series(
          date_trunc('month', ${period.from}::date::timestamp),
          date_trunc('month', ${period.to}::date::timestamp),
          interval '1 month') as m
      ),
      sign_ins as materialized (
        select to_char(${day}, 'YYYY-MM') as month, count(*)::int as logins, count(distinct sl.user_id)::int as people
        from security_log sl
        where ${successfulSignIn(organisationId)}
          and ${withinPeriod(sql`sl.created_at`, period, timezone)}
          and ${personFilter(sql`sl.user_id`, scope)}
        group by 1
      ),
      firsts as materialized (
        select to_char(f.day::timestamp, 'YYYY-MM') as month, count(*)::int as first_logins
        from (
          select min(${day}) as day
          from security_log sl
          where ${successfulSignIn(organisationId)}
            and sl.created_at < ${afterPeriod(scope)}
            and ${personFilter(sql`sl.user_id`, scope)}
          group by sl.user_id
        ) f
        where f.day >= ${period.from}::date
        group by 1
      )
      select months.month,
             coalesce(s.logins, 0) as logins,
             coalesce(s.people, 0) as people,
             coalesce(f.first_logins, 0) as first_logins
      from months
      left join sign_ins s on s.month = months.month
      left join firsts f on f.month = months.month
      order by months.month`,
  );
}

async function totals(scope: ReportScope): Promise<UserLoginsReport['totals']> {
  const { db, organisationId, period } = scope;
  const [inPeriod] = await rowsOf<{ logins: number; people: number }>(
    db,
    sql`
      select count(*)::int as logins, count(distinct sl.user_id)::int as people
      from security_log sl
      where ${successfulSignIn(organisationId)}
        and ${withinPeriod(sql`sl.created_at`, period, scope.timezone)}
        and ${personFilter(sql`sl.user_id`, scope)}`,
  );
  // The current people and everyone's sign-ins up to the period's end, as one list grouped by
  // person: who is current, who signed in during the period, who had ever by its end.
  const [people] = await rowsOf<{ current_people: number; not_signed_in: number; never_signed_in: number }>(
    db,
    sql`
      with marks as (
        select u.id as user_id, true as current, false as in_period, false as ever
        from users u
        where ${currentPeople(scope)}
        union all
        select sl.user_id, false, sl.created_at >= ${startOfDay(period.from, scope.timezone)}, true
        from security_log sl
        where ${successfulSignIn(organisationId)}
          and sl.created_at < ${afterPeriod(scope)}
      ),
      people as (
        select bool_or(m.current) as current, bool_or(m.in_period) as in_period, bool_or(m.ever) as ever
        from marks m
        group by m.user_id
      )
      select count(*) filter (where p.current)::int as current_people,
             count(*) filter (where p.current and not p.in_period)::int as not_signed_in,
             count(*) filter (where p.current and not p.ever)::int as never_signed_in
      from people p`,
  );
  return {
    logins: inPeriod?.logins ?? 0,
    people: inPeriod?.people ?? 0,
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
    const data = await monthRows(scope);
    return { data, meta: metaOf(scope), totals: await totals(scope) };
  },
});
