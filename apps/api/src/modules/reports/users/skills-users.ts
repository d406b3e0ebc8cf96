import { sql } from 'drizzle-orm';
import { userSkillsUsersReportSchema, type UserSkillsUsersReport } from '@muster/contract';
import { defineListReport } from '../report.js';
import { personFilter } from '../sql.js';
import { metaOf, skillHeldInPeriod } from './people.js';

type Row = UserSkillsUsersReport['data'][number];

/**
 * GET /reports/users/skills/users: the holdings behind /reports/users/skills, one row per skill or
 * option a person held on some day of the period.
 * Answered a page at a time; the export (which streams it) takes the whole list away.
 */
export const usersSkillsUsers = defineListReport({
  path: '/reports/users/skills/users',
  summary: 'People by skill: the people',
  description:
    'One row per skill (or option of a skill) a person held on some day of the period, with its level and end, by last name, first name and id, then in category, skill and option order.',
  response: userSkillsUsersReportSchema,
  rows: {
    // The `sort_` columns only order the rows.
    query: (scope) => {
      const { organisationId } = scope;
      return sql`
        select u.id as user_id, u.first_name, u.last_name,
               s.id as skill_id, s.name as skill, c.name as category,
               ds.id as dynamic_skill_id, ds.name as option,
               us.level, us.expires_on::text as expires_on,
               c.position as sort_category_position, c.id as sort_category_id,
               s.position as sort_skill_position, ds.position as sort_option_position,
               us.id as sort_holding_id
        from user_skills us
        join users u on u.id = us.user_id and u.organisation_id = ${organisationId}
        join skills s on s.id = us.skill_id and s.organisation_id = ${organisationId}
        join skill_categories c on c.id = s.category_id and c.organisation_id = ${organisationId}
        left join dynamic_skills ds on ds.id = us.dynamic_skill_id and ds.organisation_id = ${organisationId}
        where us.organisation_id = ${organisationId}
          and ${skillHeldInPeriod(scope)}
          and ${personFilter(sql`us.user_id`, scope)}`;
    },
    order: sql`last_name, first_name, user_id, sort_category_position, category, sort_category_id,
               sort_skill_position, skill, skill_id,
               sort_option_position nulls first, option nulls first, dynamic_skill_id nulls first,
               sort_holding_id`,
    toRow: (row: Row): Row => ({
      user_id: row.user_id,
      first_name: row.first_name,
      last_name: row.last_name,
      skill_id: row.skill_id,
      skill: row.skill,
      category: row.category,
      dynamic_skill_id: row.dynamic_skill_id,
      option: row.option,
      level: row.level,
      expires_on: row.expires_on,
    }),
  },
  meta: metaOf,
});
