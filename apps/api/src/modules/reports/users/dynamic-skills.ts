import { sql } from 'drizzle-orm';
import { userDynamicSkillsReportSchema, type UserDynamicSkillsReport } from '@muster/contract';
import { defineReport } from '../report.js';
import { personFilter, rowsOf } from '../sql.js';
import { metaOf, skillHeldInPeriod } from './people.js';

/**
 * GET /reports/users/dynamic-skills: for every option of every skill (a dynamic skill; its skill
 * is its "dynamic skill category"), the people who held it on some day of the period. The
 * drill-down into one skill is /reports/users/skills/dynamic-skill-category/{id}.
 */
export const usersDynamicSkills = defineReport({
  path: '/reports/users/dynamic-skills',
  summary: 'People by skill option',
  description:
    'One row per option (dynamic skill) of every skill of the organisation, active or not, grouped by skill in category and skill order, then option order: the people who held the option on some day of the period.',
  response: userDynamicSkillsReportSchema,
  run: async (scope) => {
    const { db, organisationId } = scope;
    const data = await rowsOf<UserDynamicSkillsReport['data'][number]>(
      db,
      sql`
        select ds.id, ds.name as label, s.id as skill_id, s.name as skill,
               count(distinct us.user_id)::int as count
        from dynamic_skills ds
        join skills s on s.id = ds.skill_id and s.organisation_id = ${organisationId}
        join skill_categories c on c.id = s.category_id and c.organisation_id = ${organisationId}
        left join user_skills us
          on us.dynamic_skill_id = ds.id
         and us.organisation_id = ${organisationId}
         and ${skillHeldInPeriod(scope)}
         and ${personFilter(sql`us.user_id`, scope)}
        where ds.organisation_id = ${organisationId}
        group by ds.id, ds.name, ds.position, s.id, s.name, s.position, c.id, c.name, c.position
        order by c.position, c.name, c.id, s.position, s.name, s.id, ds.position, ds.name, ds.id`,
    );
    return { data, meta: metaOf(scope) };
  },
});
