import { ALL_OPERATIONS, inArea, only } from './types.js';

/** platform-foundation §7 "Analytics and activities". */
export const analyticsActivitiesRoutes = inArea('analytics-activities', [
  {
    name: 'analytics.activities',
    path: '/analytics/activities/',
    operations: ALL_OPERATIONS,
    extra: [
      { method: 'GET', path: '/analytics/activities/upcoming/' },
      { method: 'POST', path: '/analytics/activities/upcoming/export' },
    ],
  },
  {
    name: 'organisation.activity-categories',
    path: '/organisation/activity-categories/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.activity-outcomes',
    path: '/organisation/activity-outcomes/',
    operations: ALL_OPERATIONS,
  },
  { name: 'activity-map', path: '/activity-map/', operations: ALL_OPERATIONS },
  { name: 'activities', path: '/activities/', operations: ALL_OPERATIONS },
  { name: 'activities.overlapping', path: '/activities/overlapping', operations: only('store') },
  {
    name: 'analytics',
    path: '/analytics/',
    operations: ALL_OPERATIONS,
    note: 'Groups activities, startersLeavers, training and keyStats (their own routes are listed where the spec gives them).',
  },
  { name: 'address-book', path: '/address-book/', operations: ALL_OPERATIONS },
  { name: 'applications', path: '/applications/', operations: ALL_OPERATIONS },
  {
    name: 'organisation.attribute-categories',
    path: '/organisation/attribute-categories/',
    operations: ALL_OPERATIONS,
  },
  { name: 'organisation.attributes', path: '/organisation/attributes/', operations: ALL_OPERATIONS },
  { name: 'barcodes', path: '/barcodes/', operations: ALL_OPERATIONS },
  {
    name: 'analytics.organisation-stats',
    path: '/analytics/organisation-stats',
    operations: only('index'),
    note: 'List only; show, update, post and delete are disabled.',
  },
]);
