import { sql } from 'drizzle-orm';
import { userSkillsUsersReportSchema, type UserSkillsUsersReport } from '@muster/contract';
import { defineReport } from '../report.js';
import { personFilter, rowsOf } from '../sql.js';
import { metaOf, skillHeldInPeriod } from './people.js';

/**
 * GET /reports/users/skills/users: the holdings behind /reports/users/skills, one row per skill or
 * option a person held on some day of the period. Not paged: the export takes a large list away.
 */
export const usersSkillsUsers = defineReport({
  path: '/reports/users/skills/users',
  summary: 'People by skill: the people',
  description:
    'One row per skill (or option of a skill) a person held on some day of the period, with its level and end, by last name, first name and id, then in category, skill and option order.',
  response: userSkillsUsersReportSchema,
  run: async (scope) => {
    const { db, organisationId } = scope;
    const data = await rowsOf<UserSkillsUsersReport['data'][number]>(
      db,
      sql`
        select u.id as user_id, u.first_name, u.last_name,
               s.id as skill_id, s.name as skill, c.name as category,
               ds.id as dynamic_skill_id, ds.name as option,
               us.level, us.expires_on::text as expires_on
        from user_skills us
        join users u on u.id = us.user_id and u.organisation_id = ${organisationId}
        join skills s on s.id = us.skill_id and s.organisation_id = ${organisationId}
        join skill_categories c on c.id = s.category_id and c.organisation_id = ${organisationId}
        left join dynamic_skills ds on ds.id = us.dynamic_skill_id and ds.organisation_id = ${organisationId}
        where us.organisation_id = ${organisationId}
          and ${skillHeldInPeriod(scope)}
          and ${personFilter(sql`us.user_id`, scope)}
        order by u.last_name, u.first_name, u.id, c.position, c.name, c.id, s.position, s.name, s.id,
                 ds.position nulls first, ds.name nulls first, ds.id nulls first, us.id`,
    );
    return { data, meta: metaOf(scope) };
  },
});
