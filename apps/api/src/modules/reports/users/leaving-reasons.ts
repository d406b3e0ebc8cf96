import { reportCountRowSchema, reportResponseSchema } from '@muster/contract';
import { defineReport } from '../report.js';
import { leavesByReason } from '../starters-leavers/memberships-sql.js';

/**
 * GET /reports/users/leaving-reasons: why the people who left in the period left, one row per
 * leaving reason. The analytics call of the same name adds each reason's share.
 */
export const usersLeavingReasons = defineReport({
  path: '/reports/users/leaving-reasons',
  summary: 'Leavers by leaving reason',
  description:
    'One row per leaving reason (every active one, and an inactive one when it was given; most given first, then in the list’s order), then "Not recorded" (id null) when some leavers gave none. A leaver is a period of volunteering that ended on a day of the period; a person who left twice counts twice.',
  response: reportResponseSchema(reportCountRowSchema, 'One row per leaving reason, then "Not recorded".'),
  run: async (scope) => {
    const { rows } = await leavesByReason(scope.db, scope);
    return { data: rows, meta: { ...scope.period, team: scope.team, role_profile: scope.roleProfile } };
  },
});
