import { sql } from 'drizzle-orm';
import { startersResponseSchema } from '@muster/contract';
import { defineListReport } from '../report.js';
import { membershipsOf, startsBetween, teamsAndRolesOf } from './memberships-sql.js';

type Ref = { id: number; name: string };

/** One start, as the query gives it. */
type Start = {
  membership_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  joined_on: string;
  left_on: string | null;
  motivation_id: number | null;
  motivation_name: string | null;
  teams: Ref[];
  role_profiles: Ref[];
};

/**
 * GET /analytics/starters-leavers/starters/: the people who started volunteering in the period,
 * with why they joined and where they volunteer.
 * Answered a page at a time; the export (which streams it) takes the whole list away.
 */
export const startersLeaversStarters = defineListReport({
  path: '/analytics/starters-leavers/starters',
  summary: 'Starters and leavers: the starters',
  description:
    'One row per period of volunteering that began on a day of the period, latest start first: the person, the first and (if it has ended) last day, their motivation for joining, and the teams and role profiles they held during the period.',
  response: startersResponseSchema,
  rows: {
    query: (scope) => {
      const { organisationId, period } = scope;
      return sql`
        select m.id as membership_id, u.id as user_id, u.first_name, u.last_name,
               m.joined_on::text as joined_on, m.left_on::text as left_on,
               mo.id as motivation_id, mo.content as motivation_name,
               ${teamsAndRolesOf(sql`m.user_id`, scope)}
        from user_memberships m
        join users u on u.id = m.user_id and u.organisation_id = ${organisationId}
        left join motivations mo on mo.id = m.motivation_id and mo.organisation_id = ${organisationId}
        where ${membershipsOf(scope)} and ${startsBetween(period.from, period.to)}`;
    },
    // `joined_on` is the day as text (YYYY-MM-DD, fixed width): it sorts as the day. A bare column
    // name, as every column of a list's order is (the page is sorted inside the query).
    order: sql`joined_on desc, last_name, first_name, membership_id`,
    toRow: ({ motivation_id, motivation_name, ...row }: Start) => ({
      ...row,
      motivation: motivation_id === null ? null : { id: motivation_id, name: motivation_name ?? '' },
    }),
  },
  meta: ({ period, team, roleProfile }) => ({ ...period, team, role_profile: roleProfile }),
});
