import { sql, type SQL } from 'drizzle-orm';
import { userLoginsReportSchema, type UserLoginsReport } from '@muster/contract';
import { defineReport, type ReportScope } from '../report.js';
import { personFilter, rowsOf } from '../sql.js';
import { currentPeople, metaOf, onUtcDays, utcDay } from './people.js';

/** A successful sign-in of the security log (`sl`), whatever the factor or channel. */
function successfulSignIn(organisationId: number): SQL {
  return sql`sl.organisation_id = ${organisationId}
    and sl.event = 'sign_in'
    and sl.outcome = 'success'
    and sl.user_id is not null`;
}

async function monthRows(scope: ReportScope): Promise<UserLoginsReport['data']> {
  const { db, organisationId, period } = scope;
  const day = utcDay(sql`sl.created_at`);
  return rowsOf<UserLoginsReport['data'][number]>(
    db,
    sql`
      with months as (
        select to_char(m, 'YYYY-MM') as month,
               greatest(m::date, ${period.from}::date) as first_day,
               least((m + interval '1 month' - interval '1 day')::date, ${period.to}::date) as last_day
        from generate_series(
          date_trunc('month', ${period.from}::date::timestamp),
          date_trunc('month', ${period.to}::date::timestamp),
          interval '1 month') as m
      ),
      sign_ins as (
        select sl.user_id, ${day} as day
        from security_log sl
        where ${successfulSignIn(organisationId)}
          and ${onUtcDays(sql`sl.created_at`, period.from, period.to)}
          and ${personFilter(sql`sl.user_id`, scope)}
      ),
      firsts as (
        select sl.user_id, min(${day}) as day
        from security_log sl
        where ${successfulSignIn(organisationId)}
          and ${personFilter(sql`sl.user_id`, scope)}
        group by sl.user_id
        having min(${day}) between ${period.from}::date and ${period.to}::date
      )
      select months.month,
             (select count(*) from sign_ins s where s.day between months.first_day and months.last_day)::int as logins,
             (select count(distinct s.user_id) from sign_ins s
               where s.day between months.first_day and months.last_day)::int as people,
             (select count(*) from firsts f where f.day between months.first_day and months.last_day)::int as first_logins
      from months
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
        and ${onUtcDays(sql`sl.created_at`, period.from, period.to)}
        and ${personFilter(sql`sl.user_id`, scope)}`,
  );
  const [people] = await rowsOf<{ current_people: number; not_signed_in: number; never_signed_in: number }>(
    db,
    sql`
      select count(*)::int as current_people,
             count(*) filter (where not exists (
               select 1 from security_log sl
               where sl.user_id = u.id and ${successfulSignIn(organisationId)}
                 and ${onUtcDays(sql`sl.created_at`, period.from, period.to)}))::int as not_signed_in,
             count(*) filter (where not exists (
               select 1 from security_log sl
               where sl.user_id = u.id and ${successfulSignIn(organisationId)}
                 and sl.created_at < ((${period.to}::date + 1)::timestamp at time zone 'UTC')))::int as never_signed_in
      from users u
      where ${currentPeople(scope)}`,
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
    'One row per calendar month of the period (days in UTC): successful sign-ins, the different people who signed in, and the people whose first sign-in ever it was. `totals` adds the period as a whole and, of the current people (not left or blocked, account made by the last day), those who did not sign in during the period and those who never had by its last day.',
  response: userLoginsReportSchema,
  run: async (scope) => {
    const data = await monthRows(scope);
    return { data, meta: metaOf(scope), totals: await totals(scope) };
  },
});
