import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  exportQuerySchema,
  resourcePermissions,
  type CreateUserExportBody,
  type ExportFormat,
  type ExportRecord,
  type ReportQuery,
} from '@muster/contract';
import type { Database } from '../../db/client.js';
import type { Session } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import type { Outbox } from '../outbox/service.js';
import { periodOf, reportPermissions, type ReportDefinition } from '../reports/report.js';
import { VIEW_USERS } from '../users/service.js';
import type { ExportQueue } from './jobs.js';
import { queueExportReadyEmail } from './mail.js';
import {
  deleteExpiredExports,
  deleteExport,
  findExport,
  insertExport,
  type ExportRow,
} from './repository.js';
import { exportFilePath, removeExportFiles } from './storage.js';

/** Creating an export, and so bulk-copying people's details out: the catalogue's write permission of `exports`. */
export const MANAGE_EXPORTS = resourcePermissions('exports').manage;

/** What a users export needs: seeing people, and exporting. */
export const USER_EXPORT_PERMISSIONS: readonly string[] = [VIEW_USERS, MANAGE_EXPORTS];

/** What the export services need from the server. */
export type ExportServiceDeps = {
  db: Database;
  queue: Pick<ExportQueue, 'submit'>;
  outbox: Pick<Outbox, 'queueEmail' | 'dispatchQueued'>;
  /** The exports directory. */
  directory: string;
  publicOrigin: string;
  findReport: (path: string) => ReportDefinition | undefined;
};

/** The signed-in caller asking. */
export type Requester = Pick<Session, 'userId' | 'permissions'>;

/** What downloading (or being emailed) an export needs now: what asking for it needed. */
function permissionsFor(deps: Pick<ExportServiceDeps, 'findReport'>, row: ExportRow): readonly string[] {
  return row.kind === 'users'
    ? USER_EXPORT_PERMISSIONS
    : reportPermissions((row.report ? deps.findReport(row.report) : undefined) ?? {});
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The wire shape of an export; file links only once it is ready. */
export function presentExport(row: ExportRow): ExportRecord {
  const total = row.rowsTotal;
  const percent =
    row.status === 'ready'
      ? 100
      : total === null
        ? null
        : total === 0
          ? 0
          : Math.min(100, Math.floor((row.rowsDone * 100) / total));
  const files: ExportRecord['files'] =
    row.status === 'ready'
      ? [
          { format: 'csv', url: `/api/exports/${row.id}/download?format=csv`, bytes: row.csvBytes },
          { format: 'xlsx', url: `/api/exports/${row.id}/download?format=xlsx`, bytes: row.xlsxBytes },
        ]
      : [];
  return {
    id: row.id,
    kind: row.kind,
    report: row.report,
    columns: row.columns,
    query: exportQuerySchema.parse(row.query),
    status: row.status,
    progress: { rows_done: row.rowsDone, rows_total: total, percent },
    files,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    expires_at: iso(row.expiresAt),
  };
}

/** `POST /exports/`: a users export with the chosen columns and filters, queued. */
export async function createUserExport(
  deps: ExportServiceDeps,
  organisationId: number,
  requester: Requester,
  body: CreateUserExportBody,
): Promise<ExportRecord> {
  const query = {
    ...(body.status && body.status.length > 0 ? { status: body.status } : {}),
    ...(body.team && body.team.length > 0 ? { team: body.team } : {}),
    ...(body.role_profile && body.role_profile.length > 0 ? { role_profile: body.role_profile } : {}),
  };
  const row = await deps.queue.submit((executor) =>
    insertExport(executor, {
      organisationId,
      requestedBy: requester.userId,
      kind: 'users',
      report: null,
      columns: body.columns,
      query,
    }),
  );
  return presentExport(row);
}

/**
 * `POST {report}/export`: the report's rows as of now, queued. The report is looked up when
 * asked (404 while no report answers at the path); reports that need more than `view-reports`
 * (diversity figures) need it here too. The period is resolved now, so the files cover the days
 * the requester saw, however late the build runs, with "today" in the organisation's time zone
 * as the report itself reads it.
 */
export async function createReportExport(
  deps: ExportServiceDeps,
  organisation: { id: number; timezone: string },
  requester: Requester,
  reportPath: string,
  query: ReportQuery,
): Promise<ExportRecord> {
  const organisationId = organisation.id;
  const report = deps.findReport(reportPath);
  if (!report) {
    throw new HttpError(404, 'This report is not available.');
  }
  if (reportPermissions(report).some((permission) => !requester.permissions.includes(permission))) {
    throw new HttpError(403, 'You do not have permission to do that.');
  }
  const period = (report.period ?? periodOf)(query, new Date(), organisation.timezone);
  const row = await deps.queue.submit((executor) =>
    insertExport(executor, {
      organisationId,
      requestedBy: requester.userId,
      kind: 'report',
      report: reportPath,
      columns: [],
      query: {
        ...period,
        ...(query.team && query.team.length > 0 ? { team: query.team } : {}),
        ...(query.role_profile && query.role_profile.length > 0 ? { role_profile: query.role_profile } : {}),
      },
    }),
  );
  return presentExport(row);
}

/**
 * The caller's own export: 404 when the organisation has none with this id (another
 * organisation's included), 403 when it is someone else's, administrators too: exports hold
 * bulk personal data and are handed to their requester only.
 */
async function ownExport(
  db: Database,
  organisationId: number,
  requester: Requester,
  id: number,
): Promise<ExportRow> {
  const row = await findExport(db, organisationId, id);
  if (!row) {
    throw new HttpError(404, 'The export was not found.');
  }
  if (row.requestedBy !== requester.userId) {
    throw new HttpError(403, 'Only the person who asked for this export can see it.');
  }
  return row;
}

/** The requester still holds what asking for the export needed (a permission may have gone since). */
function assertStillAllowed(
  deps: Pick<ExportServiceDeps, 'findReport'>,
  row: ExportRow,
  requester: Requester,
): void {
  if (permissionsFor(deps, row).some((permission) => !requester.permissions.includes(permission))) {
    throw new HttpError(403, 'You no longer have the permissions this export needs.');
  }
}

function assertReady(row: ExportRow, now: Date): void {
  if (row.status !== 'ready') {
    throw new HttpError(
      409,
      row.status === 'failed'
        ? 'The export failed; please ask for it again.'
        : 'The export is not ready yet.',
    );
  }
  if (row.expiresAt !== null && row.expiresAt <= now) {
    throw new HttpError(410, 'The export has expired; please ask for it again.');
  }
}

/** `GET /exports/{id}`: status and progress, to its requester. */
export async function showExport(
  deps: Pick<ExportServiceDeps, 'db'>,
  organisationId: number,
  requester: Requester,
  id: number,
): Promise<ExportRecord> {
  return presentExport(await ownExport(deps.db, organisationId, requester, id));
}

/** `DELETE /exports/{id}`: the record and its files; a build in progress stops at its next page. */
export async function removeExport(
  deps: Pick<ExportServiceDeps, 'db' | 'directory'>,
  organisationId: number,
  requester: Requester,
  id: number,
): Promise<void> {
  await ownExport(deps.db, organisationId, requester, id);
  const row = await deleteExport(deps.db, organisationId, id);
  if (row) {
    await removeExportFiles(deps.directory, [row.csvFile, row.xlsxFile]);
  }
}

/**
 * `POST /exports/{id}/resend`: emails the requester the link again; only a ready export, and only
 * while they still hold the permissions it needed (409 when there is nothing to send yet or no
 * address to send it to).
 */
export async function resendExport(
  deps: ExportServiceDeps,
  organisationId: number,
  requester: Requester,
  id: number,
  now: Date = new Date(),
): Promise<ExportRecord> {
  const row = await ownExport(deps.db, organisationId, requester, id);
  assertStillAllowed(deps, row, requester);
  assertReady(row, now);
  const sent = await deps.db.transaction((tx) =>
    queueExportReadyEmail(tx, deps.outbox, deps.publicOrigin, row, now),
  );
  if (!sent) {
    throw new HttpError(409, 'You have no email address to send the link to.');
  }
  await deps.outbox.dispatchQueued();
  return presentExport(row);
}

/** A file to send back: its stream, size and the name the browser saves it as. */
export type ExportDownload = { stream: Readable; bytes: number; fileName: string; contentType: string };

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The name the file is saved as: what it holds, its id and the day it was built. */
function downloadName(row: ExportRow, format: ExportFormat): string {
  const what =
    row.kind === 'users' ? 'people' : (row.report ?? 'report').split('/').filter(Boolean).join('-');
  const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
  return `${what}-export-${row.id}-${day}.${format}`;
}

/**
 * `GET /exports/{id}/download`: the file, to its requester only, while they still hold the
 * permissions it needed; 409 before it is ready, 410 once expired (or its file is gone).
 */
export async function openExportDownload(
  deps: Pick<ExportServiceDeps, 'db' | 'directory' | 'findReport'>,
  organisationId: number,
  requester: Requester,
  id: number,
  format: ExportFormat,
  now: Date = new Date(),
): Promise<ExportDownload> {
  const row = await ownExport(deps.db, organisationId, requester, id);
  assertStillAllowed(deps, row, requester);
  assertReady(row, now);
  const name = format === 'csv' ? row.csvFile : row.xlsxFile;
  const filePath = name === null ? null : exportFilePath(deps.directory, name);
  const stat = filePath === null ? null : await fs.promises.stat(filePath).catch(() => null);
  if (filePath === null || stat === null) {
    throw new HttpError(410, 'The export’s file is no longer there; please ask for it again.');
  }
  return {
    stream: fs.createReadStream(filePath),
    bytes: stat.size,
    fileName: downloadName(row, format),
    contentType: CONTENT_TYPES[format],
  };
}

/** Deletes expired exports and their files, every organisation's; answers how many went. */
export async function purgeExpiredExports(db: Database, directory: string, now: Date): Promise<number> {
  const rows = await deleteExpiredExports(db, now);
  await removeExportFiles(
    directory,
    rows.flatMap((row) => [row.csvFile, row.xlsxFile]),
  );
  return rows.length;
}
