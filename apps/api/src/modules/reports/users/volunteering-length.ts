import { sql } from 'drizzle-orm';
import { volunteeringLengthBuckets, volunteeringLengthResponseSchema } from '@muster/contract';
import { defineReport } from '../report.js';
import { rowsOf } from '../sql.js';
import { membershipsOf, volunteeringAfter } from '../starters-leavers/memberships-sql.js';

/**
 * GET /reports/users/volunteering-length: how long the people volunteering at the end of the
 * period have been volunteering, in five groups. Service is counted in completed calendar months
 * from the first day of their current period of volunteering to the close of the period's last
 * day: someone who joined on 1 January has three months on 31 March. A rejoiner's earlier periods
 * do not count.
 */
export const usersVolunteeringLength = defineReport({
  path: '/reports/users/volunteering-length',
  summary: 'Length of volunteering',
  description:
    'The five length-of-service groups (under 3 months, 3–12 months, 1–2 years, 2–5 years, 5 years or more), each with the people volunteering when the period closed whose current period of volunteering has lasted that long (completed calendar months to the close of its last day). Each person is in one group.',
  response: volunteeringLengthResponseSchema,
  run: async (scope) => {
    const { db, period } = scope;
    // The first group whose upper bound the person has not reached yet; past every bound, the last.
    const bucketOf = sql.join(
      volunteeringLengthBuckets.flatMap((bucket) =>
        bucket.max_months === null
          ? []
          : [
              sql`when a.joined_on + make_interval(months => ${bucket.max_months}::int) > ${period.to}::date + 1
                  then ${bucket.key}::text`,
            ],
      ),
      sql` `,
    );
    const lastKey = volunteeringLengthBuckets[volunteeringLengthBuckets.length - 1]?.key ?? '';
    const counts = await rowsOf<{ key: string; count: number }>(
      db,
      sql`
        with active as (
          select m.user_id, min(m.joined_on) as joined_on
          from user_memberships m
          where ${membershipsOf(scope)} and ${volunteeringAfter(period.to)}
          group by m.user_id)
        select case ${bucketOf} else ${lastKey}::text end as key, count(*)::int as count
        from active a
        group by 1`,
    );
    const countOf = new Map(counts.map((row) => [row.key, row.count]));
    return {
      data: volunteeringLengthBuckets.map((bucket) => ({ ...bucket, count: countOf.get(bucket.key) ?? 0 })),
      meta: { ...period, team: scope.team, role_profile: scope.roleProfile },
    };
  },
});
