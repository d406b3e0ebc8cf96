import {
  DEFAULT_LIST_REPORT_PER_PAGE,
  reportQuerySchema,
  type SavedReport,
  type SavedReportBody,
  type SavedReportUpdate,
} from '@muster/contract';
import type { Database } from '../../../db/client.js';
import { HttpError, validationError } from '../../../plugins/errors.js';
import { uniqueViolationOf } from '../../applications/repository.js';
import { reportPermissions, runReport, type ReportDefinition } from '../report.js';
import type { ListPage } from '../sql.js';
import {
  deleteSavedReport,
  findSavedReport,
  insertSavedReport,
  listSavedReports,
  updateSavedReport,
  type SavedReportRow,
  type SavedReportValues,
} from './repository.js';

/** A report or analytics route that keeps saved reports, and the reports that may be saved there. */
export type SavedReportRoute = {
  /** The catalogue route, e.g. `/reports/users/`. */
  route: string;
  /** Reports answering under it, by their path with `{param}` placeholders and no trailing slash. */
  reports: ReadonlyMap<string, ReportDefinition>;
};

/** Who is asking: their id and the permissions they hold now. */
export type SavedReportCaller = { userId: number; permissions: readonly string[] };

/** The context every call needs. */
export type SavedReportContext = {
  db: Database;
  organisationId: number;
  timezone: string;
  caller: SavedReportCaller;
};

const NOT_FOUND = 'The saved report was not found.';
const NOT_YOURS = 'Only the person who saved this report may change or delete it.';
const NOT_PERMITTED = 'You do not have permission to read that report.';

/** A report path as a saved report names it: `{param}` placeholders, no trailing slash. */
export function reportKey(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\/+$/, '');
}

/** The reports that answer under a route (the route's own path included), keyed by {@link reportKey}. */
export function reportsUnder(
  route: string,
  reports: readonly ReportDefinition[],
): Map<string, ReportDefinition> {
  const base = route.replace(/\/+$/, '');
  return new Map(
    reports
      .filter((report) => {
        const key = reportKey(report.path);
        return key === base || key.startsWith(`${base}/`);
      })
      .map((report) => [reportKey(report.path), report]),
  );
}

function mayRead(caller: SavedReportCaller, report: ReportDefinition): boolean {
  return reportPermissions(report).every((permission) => caller.permissions.includes(permission));
}

/** The saved values, checked against the route: a report of the route, its path values, its filters. */
function checkedValues(
  where: SavedReportRoute,
  caller: SavedReportCaller,
  values: SavedReportValues,
): SavedReportValues {
  const key = reportKey(values.report);
  const report = where.reports.get(key);
  if (!report) {
    throw validationError({ report: [`Please choose one of the reports under ${where.route}.`] });
  }
  const errors: Record<string, string[]> = {};
  const wanted = report.pathParams ?? [];
  for (const name of wanted) {
    if (values.params[name] === undefined) {
      errors[`params.${name}`] = [`Please give the ${name} this report needs.`];
    }
  }
  for (const name of Object.keys(values.params)) {
    if (!wanted.includes(name)) {
      errors[`params.${name}`] = [`This report takes no ${name}.`];
    }
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
  if (!mayRead(caller, report)) {
    throw new HttpError(403, NOT_PERMITTED);
  }
  return { ...values, report: key };
}

/** The wire shape of a saved report. */
export function presentSavedReport(row: SavedReportRow): SavedReport {
  return {
    id: row.id,
    route: row.route,
    name: row.name,
    report: row.report,
    params: row.params,
    query: reportQuerySchema.parse(row.query),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Runs a write, turning a second report of the same name under the route into a 422 at `name`. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error) !== null) {
      throw validationError({ name: ['A saved report of that name already exists here.'] });
    }
    throw error;
  }
}

async function found(
  context: SavedReportContext,
  where: SavedReportRoute,
  id: number,
): Promise<SavedReportRow> {
  const row = await findSavedReport(context.db, context.organisationId, where.route, id);
  if (!row) {
    throw new HttpError(404, NOT_FOUND);
  }
  return row;
}

/** `GET {route}`: a page of the saved reports kept under the route. */
export async function listSaved(
  context: SavedReportContext,
  where: SavedReportRoute,
  page: { page: number; perPage: number },
): Promise<{ data: SavedReport[]; meta: { current_page: number; per_page: number; total: number } }> {
  const { rows, total } = await listSavedReports(context.db, context.organisationId, where.route, {
    offset: (page.page - 1) * page.perPage,
    limit: page.perPage,
  });
  return {
    data: rows.map(presentSavedReport),
    meta: { current_page: page.page, per_page: page.perPage, total },
  };
}

/** `POST {route}`: saves a report of the route with its path values and filters. */
export async function saveReport(
  context: SavedReportContext,
  where: SavedReportRoute,
  body: SavedReportBody,
): Promise<SavedReport> {
  const values = checkedValues(where, context.caller, {
    name: body.name,
    report: body.report,
    params: body.params,
    query: body.query,
  });
  const row = await withUniqueName(() =>
    insertSavedReport(context.db, context.organisationId, where.route, context.caller.userId, values),
  );
  return presentSavedReport(row);
}

/**
 * `GET {route}{id}`: the saved report with its report's answer, computed now. A list report
 * answers the page asked for (its first page of the default size when none is given).
 */
export async function runSaved(
  context: SavedReportContext,
  where: SavedReportRoute,
  id: number,
  page: ListPage = { page: 1, perPage: DEFAULT_LIST_REPORT_PER_PAGE },
  now: Date = new Date(),
): Promise<SavedReport & { result: unknown }> {
  const row = await found(context, where, id);
  const report = where.reports.get(row.report);
  if (!report) {
    // The report it named is no longer offered (a report removed in a later version).
    throw new HttpError(404, NOT_FOUND);
  }
  if (!mayRead(context.caller, report)) {
    throw new HttpError(403, NOT_PERMITTED);
  }
  const result = await runReport(report, {
    db: context.db,
    organisationId: context.organisationId,
    timezone: context.timezone,
    query: reportQuerySchema.parse(row.query),
    params: row.params,
    userId: context.caller.userId,
    now,
    page,
  });
  return { ...presentSavedReport(row), result };
}

/** `PUT {route}{id}`: its creator changes what it runs or what it is called. */
export async function changeSaved(
  context: SavedReportContext,
  where: SavedReportRoute,
  id: number,
  body: SavedReportUpdate,
): Promise<SavedReport> {
  const row = await found(context, where, id);
  if (row.createdBy !== context.caller.userId) {
    throw new HttpError(403, NOT_YOURS);
  }
  const reportChanged = body.report !== undefined && reportKey(body.report) !== row.report;
  const values = checkedValues(where, context.caller, {
    name: body.name ?? row.name,
    report: body.report ?? row.report,
    // Another report's path values are not this one's: a new report starts from the ones given.
    params: body.params ?? (reportChanged ? {} : row.params),
    query: body.query ?? row.query,
  });
  const updated = await withUniqueName(() =>
    updateSavedReport(context.db, context.organisationId, id, values),
  );
  return presentSavedReport(updated);
}

/** `DELETE {route}{id}`: its creator deletes it. */
export async function removeSaved(
  context: SavedReportContext,
  where: SavedReportRoute,
  id: number,
): Promise<void> {
  const row = await found(context, where, id);
  if (row.createdBy !== context.caller.userId) {
    throw new HttpError(403, NOT_YOURS);
  }
  await deleteSavedReport(context.db, context.organisationId, id);
}
