import { ALL_OPERATIONS, except, inArea, only } from './types.js';

/** platform-foundation §7 "Teams". */
export const teamsRoutes = inArea('teams', [
  {
    name: 'organisation.teams.hide',
    path: '/organisation/teams/{teamId}/hide',
    operations: except('index', 'update', 'del'),
    note: 'No index, update or delete.',
  },
  {
    name: 'organisation.teams.history',
    path: '/organisation/teams/{teamId}/history/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.teams',
    path: '/organisation/teams/',
    operations: ALL_OPERATIONS,
    extra: [
      {
        method: 'GET',
        path: '/organisation/teams/recursive/',
        note: 'An optional id segment may follow; with query parameters.',
      },
    ],
  },
  {
    name: 'teams',
    path: '/teams/',
    operations: only('index', 'show'),
    note: 'Update, delete and store are disabled; has changeover-day and site children.',
  },
]);
