import { sql } from 'drizzle-orm';
import { userDynamicSkillCategoryReportSchema } from '@muster/contract';
import { defineReport } from '../report.js';
import { personFilter, rowsOf } from '../sql.js';
import { metaOf, skillHeldInPeriod, skillOf } from './people.js';

/**
 * GET /reports/users/skills/dynamic-skill-category/{id}: one skill's options (its dynamic skills)
 * and the people who held each on some day of the period, then those who hold the skill without
 * naming an option. `{id}` is a skill of the organisation; any other answers 404.
 */
export const usersDynamicSkillCategory = defineReport({
  path: '/reports/users/skills/dynamic-skill-category/:id',
  pathParams: ['id'],
  summary: 'People by option of one skill',
  description:
    'One row per option of the skill `{id}` in option order: the people who held it on some day of the period; then, when anyone held the skill without an option, a row with id null. 404 for a skill that is not the organisation’s.',
  response: userDynamicSkillCategoryReportSchema,
  run: async (scope) => {
    const { db, organisationId } = scope;
    const skill = await skillOf(scope);
    const options = await rowsOf<{ id: number; label: string; count: number }>(
      db,
      sql`
        select ds.id, ds.name as label, count(distinct us.user_id)::int as count
        from dynamic_skills ds
        left join user_skills us
          on us.dynamic_skill_id = ds.id
         and us.organisation_id = ${organisationId}
         and ${skillHeldInPeriod(scope)}
         and ${personFilter(sql`us.user_id`, scope)}
        where ds.skill_id = ${skill.id} and ds.organisation_id = ${organisationId}
        group by ds.id, ds.name, ds.position
        order by ds.position, ds.name, ds.id`,
    );
    const [bare] = await rowsOf<{ count: number }>(
      db,
      sql`
        select count(distinct us.user_id)::int as count
        from user_skills us
        where us.skill_id = ${skill.id} and us.dynamic_skill_id is null
          and us.organisation_id = ${organisationId}
          and ${skillHeldInPeriod(scope)}
          and ${personFilter(sql`us.user_id`, scope)}`,
    );
    const withoutOption = bare && bare.count > 0 ? [{ id: null, label: skill.name, count: bare.count }] : [];
    return { data: [...options, ...withoutOption], meta: metaOf(scope) };
  },
});
