import { ALL_OPERATIONS, except, inArea, only } from './types.js';

/** platform-foundation §7 "Other organisation admin". */
export const organisationAdminRoutes = inArea('organisation-admin', [
  { name: 'organisation.webhooks', path: '/organisation/webhooks/', operations: ALL_OPERATIONS },
  {
    name: 'organisation.zendesk-tickets',
    path: '/organisation/zendesk-tickets/',
    operations: ALL_OPERATIONS,
    extra: [{ method: 'GET', path: '/organisation/zendesk-tickets/tags/' }],
  },
  {
    name: 'organisation.query-builder',
    path: '/organisation/query-builder/',
    operations: ALL_OPERATIONS,
    extra: [
      {
        method: 'DELETE',
        path: '/organisation/query-builder/',
        note: 'The spec lists "with DELETE" on the route itself.',
      },
      { method: 'POST', path: '/organisation/query-builder/preview', note: 'Body: query.' },
      { method: 'POST', path: '/organisation/query-builder/validate/', note: 'Body not shown.' },
    ],
  },
  { name: 'telemetry', path: '/telemetry/', operations: only('store'), note: 'Only store remains.' },
  { name: 'organisation.terms', path: '/organisation/terms/', operations: ALL_OPERATIONS },
  {
    name: 'organisation.touchpoint-types',
    path: '/organisation/touchpoint-types/',
    operations: except('update'),
  },
]);
