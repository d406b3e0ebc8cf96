import { sql, type SQL } from 'drizzle-orm';
import { MISSING_DATA_FIELDS, userMissingDataReportSchema, type MissingDataField } from '@muster/contract';
import { defineReport, type ReportScope } from '../report.js';
import { rowsOf } from '../sql.js';
import { currentPeople, metaOf } from './people.js';

const LABELS: Record<MissingDataField, string> = {
  email: 'Email address',
  phone: 'Phone number',
  address: 'Postal address',
  date_of_birth: 'Date of birth',
  emergency_contact: 'Emergency contact',
};

/**
 * For the person `user`, one `exists` per profile detail other than the date of birth: an email
 * address, a phone number, a current (not historical) postal address, an emergency contact (kept
 * as `users.emergency-contacts` catalogue documents under the person).
 */
function detailExists(scope: ReportScope, user: SQL): Record<Exclude<MissingDataField, 'date_of_birth'>, SQL> {
  const { organisationId } = scope;
  return {
    email: sql`exists (select 1 from user_email_addresses e
               where e.user_id = ${user} and e.organisation_id = ${organisationId})`,
    phone: sql`exists (select 1 from user_phone_numbers p
               where p.user_id = ${user} and p.organisation_id = ${organisationId})`,
    address: sql`exists (select 1 from user_addresses a
               where a.user_id = ${user} and a.organisation_id = ${organisationId} and not a.historical)`,
    emergency_contact: sql`exists (select 1 from catalogue_records cr
               where cr.organisation_id = ${organisationId}
                 and cr.entry = 'users.emergency-contacts'
                 and cr.parent_key = 'userId=' || ${user}::text)`,
  };
}

/**
 * `checked`: the current people of the period who lack at least one profile detail, with one
 * column per detail that is true when they lack it: no email address, no phone number, no
 * current postal address, no date of birth, no emergency contact.
 *
 * Who lacks one is asked the other way round, as "not among the people who have every detail"
 * (an anti-join), rather than as an `or` of the columns: the planner can then answer a count
 * with one pass over the people against that (usually smaller) set, and a page by walking the
 * people in name order, probing each, until the page is full. The columns (and the email
 * address shown) are per-row lookups that a count leaves out and a page makes for its own rows.
 */
export function checkedPeople(scope: ReportScope): SQL {
  const { organisationId } = scope;
  const has = detailExists(scope, sql`u.id`);
  const complete = detailExists(scope, sql`v.id`);
  return sql`
    checked as (
      select u.id as user_id, u.first_name, u.last_name,
             (select e.email from user_email_addresses e
               where e.user_id = u.id and e.organisation_id = ${organisationId}
               order by e."primary" desc, e.id limit 1) as email_address,
             not ${has.email} as email,
             not ${has.phone} as phone,
             not ${has.address} as address,
             u.dob is null as date_of_birth,
             not ${has.emergency_contact} as emergency_contact
      from users u
      where ${currentPeople(scope)}
        and not exists (
          select 1 from users v
          where v.id = u.id and v.dob is not null
            and ${complete.email} and ${complete.phone}
            and ${complete.address} and ${complete.emergency_contact})
    )`;
}

/** True when a person of {@link missingFigures} lacks any of the details. */
const MISSING_ANY: SQL = sql.join(
  MISSING_DATA_FIELDS.map((field) => sql`${sql.identifier(field)}`),
  sql` or `,
);

/**
 * The counts of the report over the current people: the same details as {@link checkedPeople},
 * but each detail table read once and grouped by person, then joined to the people, rather than
 * looked up person by person (five index probes for each of a million people took seconds).
 */
function missingFigures(scope: ReportScope): SQL {
  const { organisationId } = scope;
  return sql`
    with people as (
      select u.id, u.dob from users u where ${currentPeople(scope)}
    ),
    checked as (
      select e.user_id is null as email,
             p.user_id is null as phone,
             a.user_id is null as address,
             u.dob is null as date_of_birth,
             c.parent_key is null as emergency_contact
      from people u
      left join (
        select e.user_id from user_email_addresses e
        where e.organisation_id = ${organisationId} group by e.user_id
      ) e on e.user_id = u.id
      left join (
        select p.user_id from user_phone_numbers p
        where p.organisation_id = ${organisationId} group by p.user_id
      ) p on p.user_id = u.id
      left join (
        select a.user_id from user_addresses a
        where a.organisation_id = ${organisationId} and not a.historical group by a.user_id
      ) a on a.user_id = u.id
      left join (
        select cr.parent_key from catalogue_records cr
        where cr.organisation_id = ${organisationId} and cr.entry = 'users.emergency-contacts'
        group by cr.parent_key
      ) c on c.parent_key = 'userId=' || u.id::text
    )
    select count(*)::int as people,
           count(*) filter (where ${MISSING_ANY})::int as missing_any,
           ${sql.join(
             MISSING_DATA_FIELDS.map(
               (field) =>
                 sql`count(*) filter (where ${sql.identifier(field)})::int as ${sql.identifier(field)}`,
             ),
             sql`, `,
           )}
    from checked`;
}

/**
 * GET /reports/users/missing-data: for each profile detail a person should have, how many of the
 * current people lack it (docs/reports.md "Missing data").
 */
export const usersMissingData = defineReport({
  path: '/reports/users/missing-data',
  summary: 'Missing profile details',
  description:
    'One row per profile detail (email address, phone number, current postal address, date of birth, emergency contact): the current people (not left or blocked, account made by the period’s last day, within the filters) who lack it. `totals` gives the people checked and those missing at least one detail.',
  response: userMissingDataReportSchema,
  run: async (scope) => {
    const [figures] = await rowsOf<Record<string, number>>(scope.db, missingFigures(scope));
    const data = MISSING_DATA_FIELDS.map((field) => ({
      field,
      label: LABELS[field],
      count: figures?.[field] ?? 0,
    }));
    return {
      data,
      meta: metaOf(scope),
      totals: { people: figures?.people ?? 0, missing_any: figures?.missing_any ?? 0 },
    };
  },
});
