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
import type { CatalogueEntry, CatalogueOperation } from './types.js';
import { usersEventsBulkRoutes } from './users-events-bulk.js';

export * from './types.js';
export * from './pagination.js';
export * from './resources.js';
export * from './permissions.js';

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

/** True when the spec leaves `operation` enabled on the entry's route. */
export function isOperationEnabled(entry: CatalogueEntry, operation: CatalogueOperation): boolean {
  return entry.operations.includes(operation);
}

const placeholder = /\{([^}]+)\}/g;

/** The `{param}` names of a catalogue path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(placeholder)].map((match) => match[1] ?? '');
}

/**
 * Fills a catalogue path's `{param}` placeholders with URL-encoded values.
 * Throws when a placeholder has no value (or an empty one): a call to `/users//consents/` is a bug.
 */
export function fillPath(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(placeholder, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}.`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * The path of an entry's route relative to `/api/` with its parameters filled; with `id`, the path
 * of one item (`{route}{id}`, with a `/` between when the route has no trailing slash).
 */
export function resourcePath(
  entry: CatalogueEntry,
  params: Readonly<Record<string, string | number>> = {},
  id?: string | number,
): string {
  const route = fillPath(entry.path, params);
  if (id === undefined) {
    return route;
  }
  if (id === '') {
    throw new Error(`Empty id for ${entry.name}.`);
  }
  return `${route.endsWith('/') ? route : `${route}/`}${encodeURIComponent(String(id))}`;
}
