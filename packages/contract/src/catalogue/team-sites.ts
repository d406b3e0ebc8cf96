import { inArea, NO_OPERATIONS, only } from './types.js';

/** platform-foundation §7 "Team sites": named calls only, plus the read-only hero. */
export const teamSitesRoutes = inArea('team-sites', [
  {
    name: 'teams.site',
    path: '/teams/{id}/site',
    operations: NO_OPERATIONS,
    extra: [
      { method: 'POST', path: '/teams/{id}/site/contact-us', note: 'A form payload.' },
      { method: 'POST', path: '/teams/{id}/site/log-file-download' },
      { method: 'GET', path: '/teams/site', note: 'With query parameters.' },
      { method: 'GET', path: '/teams/{id}/site' },
      { method: 'POST', path: '/teams/{id}/site' },
      { method: 'PUT', path: '/teams/{id}/site' },
      { method: 'POST', path: '/teams/{id}/site/file' },
    ],
  },
  {
    name: 'team-site-hero',
    path: '/team-site-hero',
    operations: only('index', 'show'),
    note: 'Update, store and delete are disabled.',
  },
]);
