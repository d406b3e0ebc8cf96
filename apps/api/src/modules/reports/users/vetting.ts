import { sql, type SQL } from 'drizzle-orm';
import { userVettingReportSchema, type UserVettingReport } from '@muster/contract';
import { defineReport } from '../report.js';
import { personFilter, rowsOf } from '../sql.js';
import { metaOf } from './people.js';

/**
 * GET /reports/users/vetting: for each disclosure type, the checks requested, cleared, rejected
 * and lapsing in the period, and the people whose cleared check of that type is still valid on
 * its last day. A check is valid from the day it was cleared to its `expires_on` (both included),
 * whatever status it is marked with.
 */
export const usersVetting = defineReport({
  path: '/reports/users/vetting',
  summary: 'Vetting by disclosure type',
  description:
    'One row per disclosure type of the organisation (active or not), in list order: checks requested on a day of the period, checks cleared on one, checks requested in it that were rejected, cleared checks whose last valid day falls in it, and the people holding a cleared check of the type still valid on its last day.',
  response: userVettingReportSchema,
  run: async (scope) => {
    const { db, organisationId, period } = scope;
    const inPeriod = (day: SQL) => sql`${day} between ${period.from}::date and ${period.to}::date`;
    const data = await rowsOf<UserVettingReport['data'][number]>(
      db,
      sql`
        select dt.id, dt.name as label,
               count(vc.id) filter (where ${inPeriod(sql`vc.requested_on`)})::int as requested,
               count(vc.id) filter (where ${inPeriod(sql`vc.cleared_on`)})::int as cleared,
               count(vc.id) filter (where vc.status = 'rejected' and ${inPeriod(sql`vc.requested_on`)})::int as rejected,
               count(vc.id) filter (where vc.cleared_on is not null and ${inPeriod(sql`vc.expires_on`)})::int as expiring,
               count(distinct vc.user_id) filter (
                 where vc.cleared_on <= ${period.to}::date
                   and (vc.expires_on is null or vc.expires_on >= ${period.to}::date))::int as valid_at_end
        from disclosure_types dt
        left join vetting_checks vc
          on vc.disclosure_type_id = dt.id
         and vc.organisation_id = ${organisationId}
         and ${personFilter(sql`vc.user_id`, scope)}
        where dt.organisation_id = ${organisationId}
        group by dt.id, dt.name, dt.position
        order by dt.position, dt.name, dt.id`,
    );
    return { data, meta: metaOf(scope) };
  },
});
