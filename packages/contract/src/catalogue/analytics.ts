import type { CatalogueExtra } from './types.js';
import { ALL_OPERATIONS, inArea } from './types.js';

function calls(method: 'GET' | 'POST', route: string, names: string[]): CatalogueExtra[] {
  return names.map((name) => ({ method, path: `${route}${name}`, note: 'With query parameters.' }));
}

/** platform-foundation §7 "Analytics". */
export const analyticsRoutes = inArea('analytics', [
  {
    name: 'analytics.starters-leavers',
    path: '/analytics/starters-leavers/',
    operations: ALL_OPERATIONS,
    extra: [
      ...calls('GET', '/analytics/starters-leavers/', [
        'overview/',
        'chart/',
        'starters/',
        'leavers/',
        'leaving-reasons/',
        'motivations/',
      ]),
      ...calls('POST', '/analytics/starters-leavers/', [
        'starters/export',
        'leavers/export',
        'leaving-reasons/export',
      ]),
    ],
  },
  {
    name: 'analytics.training',
    path: '/analytics/training/',
    operations: ALL_OPERATIONS,
    extra: [
      ...['compulsory-training/', 'adoption-by-module/', 'by-user/', 'users-by-module/'].map(
        (name): CatalogueExtra => ({ method: 'GET', path: `/analytics/training/${name}` }),
      ),
      ...calls('POST', '/analytics/training/', [
        'compulsory-training/export',
        'adoption-by-module/export',
        'by-user/export',
        'users-by-module/export',
      ]),
    ],
  },
]);
