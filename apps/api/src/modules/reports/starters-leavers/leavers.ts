import { sql } from 'drizzle-orm';
import { leaversResponseSchema } from '@muster/contract';
import { defineListReport } from '../report.js';
import { leavesBetween, membershipsOf, teamsAndRolesOf } from './memberships-sql.js';

type Ref = { id: number; name: string };

/** One leave, as the query gives it. */
type Leave = {
  membership_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  joined_on: string;
  left_on: string;
  days_volunteered: number;
  reason_id: number | null;
  reason_name: string | null;
  teams: Ref[];
  role_profiles: Ref[];
};

/**
 * GET /analytics/starters-leavers/leavers/: the people who stopped volunteering in the period,
 * how long they had volunteered, why they left and where they volunteered.
 * Answered a page at a time; the export (which streams it) takes the whole list away.
 */
export const startersLeaversLeavers = defineListReport({
  path: '/analytics/starters-leavers/leavers',
  summary: 'Starters and leavers: the leavers',
  description:
    'One row per period of volunteering that ended on a day of the period, latest leaving first: the person, the first and last day, the days volunteered (both included), the leaving reason, and the teams and role profiles they held during the period.',
  response: leaversResponseSchema,
  rows: {
    query: (scope) => {
      const { organisationId, period } = scope;
      return sql`
        select m.id as membership_id, u.id as user_id, u.first_name, u.last_name,
               m.joined_on::text as joined_on, m.left_on::text as left_on,
               (m.left_on - m.joined_on + 1)::int as days_volunteered,
               lr.id as reason_id, lr.name as reason_name,
               ${teamsAndRolesOf(sql`m.user_id`, scope)}
        from user_memberships m
        join users u on u.id = m.user_id and u.organisation_id = ${organisationId}
        left join leaving_reasons lr on lr.id = m.leaving_reason_id and lr.organisation_id = ${organisationId}
        where ${membershipsOf(scope)} and ${leavesBetween(period.from, period.to)}`;
    },
    // `left_on` is the day as text (YYYY-MM-DD, fixed width): it sorts as the day. A bare column
    // name, as every column of a list's order is (the page is sorted inside the query).
    order: sql`left_on desc, last_name, first_name, membership_id`,
    toRow: ({ reason_id, reason_name, ...row }: Leave) => ({
      ...row,
      leaving_reason: reason_id === null ? null : { id: reason_id, name: reason_name ?? '' },
    }),
  },
  meta: ({ period, team, roleProfile }) => ({ ...period, team, role_profile: roleProfile }),
});
