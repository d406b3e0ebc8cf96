import type { CatalogueExtra } from './types.js';
import { except, inArea } from './types.js';

const NOTE = 'All are GET with query parameters; update and index are disabled.';

/** The named report GETs under a report route: `{route}{report}` with query parameters. */
function reportCalls(route: string, reports: string[]): CatalogueExtra[] {
  return reports.map((report) => ({
    method: 'GET',
    path: `${route}${report}`,
    note: 'With query parameters.',
  }));
}

/**
 * platform-foundation §7 "Reports". Only update and index are disabled, so the generic show,
 * store and delete stay; a named report is read as GET `{route}{report}` (the show shape).
 */
export const reportsRoutes = inArea('reports', [
  {
    name: 'reports.activities',
    path: '/reports/activities/',
    operations: except('update', 'index'),
    note: NOTE,
    extra: reportCalls('/reports/activities/', ['engagement', 'engagement-detail', 'outcomes', 'overview']),
  },
  {
    name: 'reports.expenses',
    path: '/reports/expenses/',
    operations: except('update', 'index'),
    note: NOTE,
    extra: reportCalls('/reports/expenses/', ['overview', 'by-claim', 'by-user', 'by-expense-type']),
  },
  {
    name: 'reports.hub.documents',
    path: '/reports/hub/documents/',
    operations: except('update', 'index'),
    note: NOTE,
  },
  {
    name: 'reports.news.articles',
    path: '/reports/news/articles/',
    operations: except('update', 'index'),
    note: NOTE,
  },
  {
    name: 'reports.overview',
    path: '/reports/overview/',
    operations: except('update', 'index'),
    note: NOTE,
    extra: reportCalls('/reports/overview/', ['status', 'diversity']),
  },
  {
    name: 'reports.recruitment.classification',
    path: '/reports/recruitment/classification/',
    operations: except('update', 'index'),
    note: NOTE,
  },
  {
    name: 'reports.users',
    path: '/reports/users/',
    operations: except('update', 'index'),
    note: NOTE,
    extra: reportCalls('/reports/users/', [
      'by-role',
      'by-team',
      'by-team/users',
      'leaving-reasons',
      'logins',
      'checkpoints',
      'leavers',
      'volunteering-length',
      'missing-data',
      'missing-data/users',
      'skills',
      'skills/users',
      'dynamic-skills',
      'vetting',
      'vetting/users',
      'vetting-by-user/users',
      'new-starters',
      'touchpoints',
      'skills/dynamic-skill-category/{id}/',
      'skills/dynamic-skill-category/{id}/user/{userId}/',
    ]),
  },
]);
