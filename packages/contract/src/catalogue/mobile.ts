import { except, inArea, only } from './types.js';

/** platform-foundation §7 "Mobile sign-in and dashboard". */
export const mobileRoutes = inArea('mobile', [
  {
    name: 'auth.mobile.organisations',
    path: '/auth/mobile/organisations',
    operations: only('index'),
    note: 'List only.',
  },
  {
    name: 'auth.mobile.request-token',
    path: '/auth/mobile/request-token',
    operations: only('store'),
    note: 'Store only.',
  },
  {
    name: 'auth.mobile.verify-token',
    path: '/auth/mobile/verify-token',
    operations: only('store'),
    note: 'Store only.',
  },
  {
    name: 'mobile.dashboard.stats',
    path: '/mobile/dashboard/stats/',
    operations: only('index'),
    note: 'The spec lists a single GET on the route: encoded as its index.',
  },
  {
    name: 'mobile',
    path: '/mobile/',
    operations: except('index', 'update'),
    note: 'Index and update are disabled.',
  },
]);
