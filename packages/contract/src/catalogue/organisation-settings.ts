import { ALL_OPERATIONS, except, inArea, NO_OPERATIONS, only } from './types.js';

/**
 * platform-foundation §7 "Organisation settings and opportunities". The settings aggregate's
 * groups (country codes, rota v1 shift patterns, …) are not routes of their own: where the spec
 * gives a path for one, it is listed in its area; country codes and rota v1 shift patterns have none.
 */
export const organisationSettingsRoutes = inArea('organisation-settings', [
  {
    name: 'organisation.motivation-bases',
    path: '/organisation/motivation-bases/',
    operations: ALL_OPERATIONS,
  },
  { name: 'motivations', path: '/motivations/', operations: ALL_OPERATIONS },
  { name: 'organisation.motivations', path: '/organisation/motivations/', operations: ALL_OPERATIONS },
  { name: 'multi-region', path: '/multi-region/', operations: ALL_OPERATIONS },
  {
    name: 'multi-region.logs',
    path: '/multi-region/{regionId}/logs/',
    operations: only('index'),
    note: 'The spec lists a single GET on the route: encoded as its index.',
  },
  { name: 'news', path: '/news/', operations: ALL_OPERATIONS },
  {
    name: 'organisation.note-categories',
    path: '/organisation/note-categories/',
    operations: ALL_OPERATIONS,
  },
  { name: 'organisation.oauth.clients', path: '/organisation/oauth/clients/', operations: ALL_OPERATIONS },
  {
    name: 'opportunities.application-form',
    path: '/opportunities/{opportunityId}/application-form/',
    operations: ALL_OPERATIONS,
  },
  { name: 'opportunities.apply', path: '/opportunities/{opportunityId}/apply/', operations: ALL_OPERATIONS },
  {
    name: 'opportunities.contact',
    path: '/opportunities/{opportunityId}/contact/',
    operations: ALL_OPERATIONS,
  },
  { name: 'opportunities.notes', path: '/opportunities/{opportunityId}/notes/', operations: ALL_OPERATIONS },
  {
    name: 'opportunities.related',
    path: '/opportunities/{opportunityId}/related',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'opportunities.supervisors',
    path: '/opportunities/{opportunityId}/supervisors/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'opportunities.log-apply-action',
    path: '/opportunities/log-apply-action',
    operations: NO_OPERATIONS,
    extra: [{ method: 'POST', path: '/opportunities/log-apply-action', note: 'Payload {slug}.' }],
  },
  { name: 'organisation.consents', path: '/organisation/consents/', operations: ALL_OPERATIONS },
  { name: 'organisation.expenses.rates', path: '/organisation/expenses/rates/', operations: ALL_OPERATIONS },
  { name: 'organisation.expenses.types', path: '/organisation/expenses/types/', operations: ALL_OPERATIONS },
  { name: 'organisation.links', path: '/organisation/links/', operations: ALL_OPERATIONS },
  { name: 'organisation.partners', path: '/organisation/partners/', operations: ALL_OPERATIONS },
  {
    name: 'organisation.permission-categories',
    path: '/organisation/permission-categories/',
    operations: except('update', 'store', 'del'),
    note: 'Read-only: update, store and delete are disabled (§6).',
  },
  {
    name: 'organisation.permission-groups',
    path: '/organisation/permission-groups/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.permissions',
    path: '/organisation/permissions/',
    operations: except('store', 'del'),
    note: 'Permissions cannot be created or deleted (§6).',
  },
  { name: 'dashboard.recent-actions', path: '/dashboard/recent-actions/', operations: except('update') },
  {
    name: 'organisation.recognition-categories',
    path: '/organisation/recognition-categories/',
    operations: except('update'),
  },
  {
    name: 'organisation.recognition-templates',
    path: '/organisation/recognition-templates/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.recruitment.categories',
    path: '/organisation/recruitment/categories/',
    operations: ALL_OPERATIONS,
    extra: [
      {
        method: 'POST',
        path: '/organisation/recruitment/categories/{id}/duplicate',
        note: 'With a body and query parameters.',
      },
    ],
  },
  {
    name: 'organisation.recruitment.categories.stages',
    path: '/organisation/recruitment/categories/{categoryId}/stages/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.recruitment-closing-reasons',
    path: '/organisation/recruitment-closing-reasons/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.recruitment.questions',
    path: '/organisation/recruitment/questions/',
    operations: ALL_OPERATIONS,
  },
  {
    name: 'organisation.reference-questions',
    path: '/organisation/reference-questions/',
    operations: ALL_OPERATIONS,
  },
  { name: 'reference', path: '/reference/', operations: ALL_OPERATIONS },
  { name: 'repeating-shifts', path: '/repeating-shifts/', operations: ALL_OPERATIONS },
  { name: 'parental-consent', path: '/parental-consent/', operations: ALL_OPERATIONS },
  {
    name: 'organisation.detailed',
    path: '/organisation/detailed/',
    operations: except('show', 'store', 'del'),
    note: 'Organisation root: GET with query parameters; show, store and delete are disabled.',
  },
  {
    name: 'organisation.timezones',
    path: '/organisation/timezones/',
    operations: except('show', 'store', 'del'),
    note: 'Organisation root: GET with query parameters; show, store and delete are disabled.',
  },
]);
