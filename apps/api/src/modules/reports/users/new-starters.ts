import { reportCountRowSchema, reportResponseSchema } from '@muster/contract';
import { defineReport } from '../report.js';
import { movementByTeam } from '../starters-leavers/memberships-sql.js';

/**
 * GET /reports/users/new-starters: how many people started volunteering in the period, per team.
 * The people themselves are listed by GET /analytics/starters-leavers/starters/.
 */
export const usersNewStarters = defineReport({
  path: '/reports/users/new-starters',
  summary: 'New starters by team',
  description:
    'One row per team (all of them, most starters first): the periods of volunteering that began on a day of the period whose person held a role in the team (of the role profile filter) on some day of the period; a person in two teams counts in both. Without filters, a last "No team" row (id null) counts starters who held no role.',
  response: reportResponseSchema(reportCountRowSchema, 'One row per team, then "No team".'),
  run: async (scope) => ({
    data: await movementByTeam(scope.db, scope, 'starts'),
    meta: { ...scope.period, team: scope.team, role_profile: scope.roleProfile },
  }),
});
