import { sql } from 'drizzle-orm';
import { userTouchpointsReportSchema, type UserTouchpointsReport } from '@muster/contract';
import { defineReport, type ReportScope } from '../report.js';
import { personFilter, rowsOf, withinPeriod } from '../sql.js';
import { metaOf } from './people.js';

type Row = UserTouchpointsReport['data'][number];

/** A touchpoint (`tp`) of the organisation that happened on a day of the period, within the filters. */
function inScope(scope: ReportScope) {
  return sql`tp.organisation_id = ${scope.organisationId}
    and ${withinPeriod(sql`tp.occurred_at`, scope.period, scope.timezone)}
    and ${personFilter(sql`tp.user_id`, scope)}`;
}

/**
 * GET /reports/users/touchpoints: for each touchpoint type, the contacts staff had with people in
 * the period (follow-ups included, each a contact of its own) and the people they were with.
 */
export const usersTouchpoints = defineReport({
  path: '/reports/users/touchpoints',
  summary: 'Touchpoints by type',
  description:
    'One row per touchpoint type of the organisation (active or not) in list order, then one with id null when any touchpoint has no type: the touchpoints (follow-ups included) that happened on a day of the period (in the organisation’s time zone) and the different people they were with.',
  response: userTouchpointsReportSchema,
  run: async (scope) => {
    const { db, organisationId } = scope;
    const typed = await rowsOf<Row>(
      db,
      sql`
        select tt.id, tt.name as label, count(tp.id)::int as count, count(distinct tp.user_id)::int as people
        from touchpoint_types tt
        left join touchpoints tp on tp.type_id = tt.id and ${inScope(scope)}
        where tt.organisation_id = ${organisationId}
        group by tt.id, tt.name, tt.position
        order by tt.position, tt.name, tt.id`,
    );
    const [untyped] = await rowsOf<{ count: number; people: number }>(
      db,
      sql`
        select count(*)::int as count, count(distinct tp.user_id)::int as people
        from touchpoints tp
        where tp.type_id is null and ${inScope(scope)}`,
    );
    const none = untyped && untyped.count > 0 ? [{ id: null, label: 'No type', ...untyped }] : [];
    return { data: [...typed, ...none], meta: metaOf(scope) };
  },
});
