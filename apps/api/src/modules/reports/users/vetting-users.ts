import { sql } from 'drizzle-orm';
import { userVettingUsersReportSchema, type UserVettingUsersReport } from '@muster/contract';
import { defineListReport } from '../report.js';
import { personFilter } from '../sql.js';
import { metaOf } from './people.js';

type Row = UserVettingUsersReport['data'][number];

/**
 * GET /reports/users/vetting/users: the checks behind /reports/users/vetting. A check belongs to
 * the period when it was requested in it; or was still awaited during it (requested by its last
 * day, not rejected, not cleared by then); or was valid on some day of it (cleared by its last
 * day, not lapsed before its first). A rejected check belongs only to the period it was requested
 * in: its rejection has no day of its own.
 * Answered a page at a time; the export (which streams it) takes the whole list away.
 */
export const usersVettingUsers = defineListReport({
  path: '/reports/users/vetting/users',
  summary: 'Vetting by disclosure type: the checks',
  description:
    'One row per vetting check of the period (requested in it, awaited during it, or valid on some day of it) with its person, type, reference, status and dates, by last name, first name and id, then request date.',
  response: userVettingUsersReportSchema,
  rows: {
    query: (scope) => {
      const { organisationId, period } = scope;
      return sql`
        select vc.id as check_id, u.id as user_id, u.first_name, u.last_name,
               dt.id as disclosure_type_id, dt.name as disclosure_type,
               vc.reference_number, vc.status,
               vc.requested_on::text as requested_on, vc.cleared_on::text as cleared_on,
               vc.expires_on::text as expires_on
        from vetting_checks vc
        join users u on u.id = vc.user_id and u.organisation_id = ${organisationId}
        join disclosure_types dt on dt.id = vc.disclosure_type_id and dt.organisation_id = ${organisationId}
        where vc.organisation_id = ${organisationId}
          and ${personFilter(sql`vc.user_id`, scope)}
          and (
            vc.requested_on between ${period.from}::date and ${period.to}::date
            or (vc.status <> 'rejected' and vc.requested_on <= ${period.to}::date
                and (vc.cleared_on is null or vc.cleared_on > ${period.to}::date))
            or (vc.cleared_on <= ${period.to}::date
                and (vc.expires_on is null or vc.expires_on >= ${period.from}::date)))`;
    },
    // `requested_on` is the day as text (YYYY-MM-DD, fixed width): it sorts as the day. A bare column
    // name, as every column of a list's order is (the page is sorted inside the query).
    order: sql`last_name, first_name, user_id, requested_on, check_id`,
    toRow: (row: Row) => row,
  },
  meta: metaOf,
});
