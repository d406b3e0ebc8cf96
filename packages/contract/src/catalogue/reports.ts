import { except, inArea } from './types.js';

const NOTE = 'All are GET with query parameters; update and index are disabled.';

/** Report calls, literal types kept (the web client names its methods after them). */
type ReportCalls<R extends string, N extends readonly string[]> = {
  readonly [K in keyof N]: { readonly method: 'GET'; readonly path: `${R}${N[K]}`; readonly note: string };
};

/** The named report GETs under a report route: `{route}{report}` with query parameters. */
function reportCalls<const R extends string, const N extends readonly string[]>(
  route: R,
  reports: N,
): ReportCalls<R, N> {
  return reports.map((report) => ({
    method: 'GET',
    path: `${route}${report}`,
    note: 'With query parameters.',
  })) as unknown as ReportCalls<R, N>;
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
