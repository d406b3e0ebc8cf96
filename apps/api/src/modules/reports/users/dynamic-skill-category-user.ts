import { sql } from 'drizzle-orm';
import {
  userDynamicSkillCategoryUserReportSchema,
  type UserDynamicSkillCategoryUserReport,
} from '@muster/contract';
import { defineReport } from '../report.js';
import { dayOf, personFilter, rowsOf } from '../sql.js';
import { assertUserOf, metaOf, skillHeldInPeriod, skillOf } from './people.js';

/**
 * GET /reports/users/skills/dynamic-skill-category/{id}/user/{userId}: what one person held of one
 * skill on some day of the period: the skill itself (without an option) and each of its options.
 * Both must be the organisation's (404 otherwise); a person outside the team and role filters has
 * no rows, as in every other report.
 */
export const usersDynamicSkillCategoryUser = defineReport({
  path: '/reports/users/skills/dynamic-skill-category/:id/user/:userId',
  pathParams: ['id', 'userId'],
  summary: 'One person’s options of one skill',
  description:
    'The holdings of the person `{userId}` under the skill `{id}` on some day of the period, with level, end and the day each was recorded: the skill itself first (id null), then its options in option order. 404 for a skill or user that is not the organisation’s.',
  response: userDynamicSkillCategoryUserReportSchema,
  run: async (scope) => {
    const { db, organisationId, params } = scope;
    const skill = await skillOf(scope);
    await assertUserOf(scope);
    const data = await rowsOf<UserDynamicSkillCategoryUserReport['data'][number]>(
      db,
      sql`
        select ds.id, coalesce(ds.name, ${skill.name}) as label, us.level,
               us.expires_on::text as expires_on, ${dayOf(sql`us.created_at`, scope.timezone)}::text as recorded_on
        from user_skills us
        left join dynamic_skills ds on ds.id = us.dynamic_skill_id and ds.organisation_id = ${organisationId}
        where us.skill_id = ${skill.id} and us.user_id = ${params.userId}
          and us.organisation_id = ${organisationId}
          and ${skillHeldInPeriod(scope)}
          and ${personFilter(sql`us.user_id`, scope)}
        order by ds.position nulls first, ds.name nulls first, ds.id nulls first`,
    );
    return { data, meta: metaOf(scope) };
  },
});
