import { sql } from 'drizzle-orm';
import { userSkillsReportSchema, type UserSkillsReport } from '@muster/contract';
import { defineReport } from '../report.js';
import { personFilter, rowsOf } from '../sql.js';
import { metaOf, skillHeldInPeriod } from './people.js';

/**
 * GET /reports/users/skills: for each skill of the organisation, the people who held it on some
 * day of the period (recorded by its last day, not lapsed before its first), any of its options
 * counted once, and those of them whose holding lapses within the period.
 */
export const usersSkills = defineReport({
  path: '/reports/users/skills',
  summary: 'People by skill',
  description:
    'One row per skill of the organisation (active or not), in category then skill order: the people who held it (or any option of it) on some day of the period, and of those the people whose holding ends (`expires_on`, its last day) within the period.',
  response: userSkillsReportSchema,
  run: async (scope) => {
    const { db, organisationId, period } = scope;
    const data = await rowsOf<UserSkillsReport['data'][number]>(
      db,
      sql`
        select s.id, s.name as label, c.id as category_id, c.name as category,
               count(distinct us.user_id)::int as count,
               count(distinct us.user_id) filter (
                 where us.expires_on between ${period.from}::date and ${period.to}::date)::int as expiring
        from skills s
        join skill_categories c on c.id = s.category_id and c.organisation_id = ${organisationId}
        left join user_skills us
          on us.skill_id = s.id
         and us.organisation_id = ${organisationId}
         and ${skillHeldInPeriod(scope)}
         and ${personFilter(sql`us.user_id`, scope)}
        where s.organisation_id = ${organisationId}
        group by s.id, s.name, s.position, c.id, c.name, c.position
        order by c.position, c.name, c.id, s.position, s.name, s.id`,
    );
    return { data, meta: metaOf(scope) };
  },
});
