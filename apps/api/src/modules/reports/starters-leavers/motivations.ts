import { motivationSharesResponseSchema } from '@muster/contract';
import { defineReport } from '../report.js';
import { startsByMotivation } from './memberships-sql.js';
import { withShares } from './shares.js';

/** GET /analytics/starters-leavers/motivations/: why the period's starters joined, with each motivation's share. */
export const startersLeaversMotivations = defineReport({
  path: '/analytics/starters-leavers/motivations',
  summary: 'Starters and leavers: motivations',
  description:
    'One row per motivation of the organisation (most given first, then in the list’s order), then "Not recorded" (id null) when some starters have none; each with the periods of volunteering that began in the period with it and their percentage of all starts.',
  response: motivationSharesResponseSchema,
  run: async (scope) => {
    const { rows, total } = await startsByMotivation(scope.db, scope);
    return {
      data: withShares(rows, total),
      meta: { ...scope.period, team: scope.team, role_profile: scope.roleProfile },
    };
  },
});
