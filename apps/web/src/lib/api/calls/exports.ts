import {
  exportResponseSchema,
  usersEventsBulkRoutes,
  type ExportFormat,
  type ExportRecord,
} from '@muster/contract';
import { areaApiFor, type ReadOptions } from '../catalogue-api';
import type { ApiClient, DownloadedFile } from '../client';
import { apiClient } from '../default-client';

/*
 * Exports (docs/exports.md): showing, resending and deleting are the catalogue entry `exports`
 * (`api.exports.show`, `.resend`, `.del`), wrapped here so that answers are checked against the
 * contract; the download is not a catalogue call, so its path is written out here.
 */

/** A downloaded export file and the name to save it as. */
export type ExportFile = { blob: Blob; fileName: string };

/** `GET exports/{id}`: the export's status, progress and files (its requester only; 403 for anyone else). */
export async function fetchExport(
  exportId: number,
  options?: ReadOptions,
  client: ApiClient = apiClient,
): Promise<ExportRecord> {
  const body = await areaApiFor(client, usersEventsBulkRoutes).exports.show<unknown>(
    exportId,
    undefined,
    options,
  );
  return exportResponseSchema.parse(body).data;
}

/**
 * `POST exports/{id}/resend`: emails the requester the link again and answers the export; 409
 * before it is ready or when the requester has no email address, 410 once it has expired.
 */
export async function resendExportLink(
  exportId: number,
  client: ApiClient = apiClient,
): Promise<ExportRecord> {
  const body = await areaApiFor(client, usersEventsBulkRoutes).exports.resend<unknown>({ id: exportId });
  return exportResponseSchema.parse(body).data;
}

/** `DELETE exports/{id}`: removes the export and its files; a build in progress stops. */
export async function deleteExport(exportId: number, client: ApiClient = apiClient): Promise<void> {
  await areaApiFor(client, usersEventsBulkRoutes).exports.del(exportId);
}

/**
 * `GET exports/{id}/download?format=`: one of the export's files, fetched with the bearer token
 * (the file's address carries no key, so it is never a plain link), with the name the server
 * gives it in Content-Disposition (`export-{id}.{format}` when it gives none). 409 before the
 * export is ready, 410 once it has expired.
 */
export async function downloadExportFile(
  exportId: number,
  format: ExportFormat,
  options?: ReadOptions,
  client: ApiClient = apiClient,
): Promise<ExportFile> {
  const file = await client.get<DownloadedFile>(`exports/${encodeURIComponent(exportId)}/download`, {
    ...options,
    query: { format },
    responseType: 'file',
  });
  return { blob: file.blob, fileName: file.fileName ?? `export-${exportId}.${format}` };
}
