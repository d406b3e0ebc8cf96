import { analyticsRoutes } from './analytics.js';
import { analyticsActivitiesRoutes } from './analytics-activities.js';
import { mobileRoutes } from './mobile.js';
import { organisationAdminRoutes } from './organisation-admin.js';
import { organisationSettingsRoutes } from './organisation-settings.js';
import { perUserRoutes } from './per-user.js';
import { reportsRoutes } from './reports.js';
import { residentialRoutes } from './residential.js';
import { rolesRotasShiftsRoutes } from './roles-rotas-shifts.js';
import { signInRoutes } from './sign-in.js';
import { tasksRoutes } from './tasks.js';
import { teamSitesRoutes } from './team-sites.js';
import { teamsRoutes } from './teams.js';
import type { CatalogueEntry } from './types.js';
import { usersEventsBulkRoutes } from './users-events-bulk.js';

export {
  analyticsActivitiesRoutes,
  analyticsRoutes,
  mobileRoutes,
  organisationAdminRoutes,
  organisationSettingsRoutes,
  perUserRoutes,
  reportsRoutes,
  residentialRoutes,
  rolesRotasShiftsRoutes,
  signInRoutes,
  tasksRoutes,
  teamSitesRoutes,
  teamsRoutes,
  usersEventsBulkRoutes,
};
export * from './types.js';
export * from './pagination.js';
export * from './resources.js';
export * from './permissions.js';
export * from './paths.js';

/**
 * Every back-end route of platform-foundation §7 with its literal type: each entry's name, path,
 * operations and named calls are known to the compiler, so the web client's methods and path
 * parameters are derived from it. The same array as {@link catalogue}.
 */
export const catalogueEntries = [
  ...signInRoutes,
  ...analyticsActivitiesRoutes,
  ...usersEventsBulkRoutes,
  ...mobileRoutes,
  ...organisationSettingsRoutes,
  ...residentialRoutes,
  ...rolesRotasShiftsRoutes,
  ...tasksRoutes,
  ...teamsRoutes,
  ...teamSitesRoutes,
  ...organisationAdminRoutes,
  ...reportsRoutes,
  ...analyticsRoutes,
  ...perUserRoutes,
] as const;

/** One entry of the catalogue with its literal type. */
export type CatalogueEntryLiteral = (typeof catalogueEntries)[number];

/**
 * Every back-end route of platform-foundation §7, as data: the server registers plain CRUD from
 * it (apps/api/src/catalogue) and the client builds its calls from it.
 */
export const catalogue: readonly CatalogueEntry[] = catalogueEntries;

const byName = new Map(catalogue.map((entry) => [entry.name, entry]));

/** The catalogue entry of that name, or undefined. */
export function findCatalogueEntry(name: string): CatalogueEntry | undefined {
  return byName.get(name);
}
