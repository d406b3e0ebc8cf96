import { leavingReasonSharesResponseSchema } from '@muster/contract';
import { defineReport } from '../report.js';
import { leavesByReason } from './memberships-sql.js';
import { withShares } from './shares.js';

/** GET /analytics/starters-leavers/leaving-reasons/: why the period's leavers left, with each reason's share. */
export const startersLeaversLeavingReasons = defineReport({
  path: '/analytics/starters-leavers/leaving-reasons',
  summary: 'Starters and leavers: leaving reasons',
  description:
    'One row per leaving reason (every active one, and an inactive one when it was given; most given first, then in the list’s order), then "Not recorded" (id null) when some leavers gave none; each with its count and its percentage of the period’s leavers.',
  response: leavingReasonSharesResponseSchema,
  run: async (scope) => {
    const { rows, total } = await leavesByReason(scope.db, scope);
    return {
      data: withShares(rows, total),
      meta: { ...scope.period, team: scope.team, role_profile: scope.roleProfile },
    };
  },
});
