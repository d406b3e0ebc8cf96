import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { EPHEMERAL_FILE_LIFETIME_MS, type FileType, type UploadedFile } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import {
  deleteExpiredEphemeralFiles,
  findFile,
  findFileType,
  insertFile,
  listFileTypes,
  markFilesAttached,
  type FileRow,
} from './repository.js';

/** Where uploads live and how the database is reached. */
export type FileStore = { db: Executor; directory: string };

/**
 * The upload directory: `files` beside the embedded database's directory (`<DATA_DIR>/../files`).
 * With the database in memory (tests) a directory under the system's temporary folder is used.
 */
export function filesDirectoryOf(dataDir: string): string {
  return dataDir === 'memory' ? path.join(os.tmpdir(), 'muster-files') : path.resolve(dataDir, '..', 'files');
}

/** Every accepted file type in the contract's wire shape. */
export async function fileTypeList(db: Executor): Promise<FileType[]> {
  const rows = await listFileTypes(db);
  return rows.map((row) => ({ mime: row.mime, extension: row.extension, kind: row.kind }));
}

/** Client-declared types a file with no recognisable signature may be accepted as. */
const PLAIN_TEXT_TYPES = new Set(['text/plain', 'text/csv']);

/**
 * Types a browser could run script in. They are refused even if the file type table lists them,
 * because uploaded files are served back from the application's own origin.
 */
const SCRIPTABLE_TYPES = new Set([
  'application/xml',
  'text/xml',
  'image/svg+xml',
  'text/html',
  'application/xhtml+xml',
  'application/javascript',
  'text/javascript',
]);

/** Characters plain text may hold besides printable ones: tab, line feed, form feed, carriage return. */
const ALLOWED_CONTROL = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/**
 * Whether bytes are plain text that no browser would take for markup: valid UTF-8, no control
 * characters other than whitespace, and not starting with `<` (after a byte-order mark and
 * leading whitespace), which is how HTML, SVG and XML begin.
 */
export function isInertPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && !ALLOWED_CONTROL.has(code)) || code === 0x7f) {
      return false;
    }
  }
  return !text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<');
}

/**
 * Judges an upload's mime type from its bytes, never from the client's header or file name.
 * A recognised signature (file-type) decides the type. Bytes with no signature are accepted
 * only as the text type the client declared, when that is text/plain or text/csv and the bytes
 * are inert plain text. Returns null when the type cannot be trusted: so a `.png` holding HTML
 * or SVG (no PNG signature, declared image/png) is refused.
 */
export async function judgeUploadType(bytes: Uint8Array, declaredMime: string): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    return SCRIPTABLE_TYPES.has(detected.mime) ? null : detected.mime;
  }
  const declared = declaredMime.split(';')[0]?.trim().toLowerCase() ?? '';
  if (PLAIN_TEXT_TYPES.has(declared) && isInertPlainText(bytes)) {
    return declared;
  }
  return null;
}

/** The name a file is shown with: the client's name without folders or control characters, at most 255 long. */
export function cleanOriginalName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' ? 'file' : cleaned.slice(0, 255);
}

/** The URL a stored file is read from. */
export function fileUrl(id: string): string {
  return `/api/files/${id}`;
}

function toUploadedFile(row: FileRow): UploadedFile {
  return {
    id: row.id,
    url: fileUrl(row.id),
    original_name: row.originalName,
    file_size: row.size,
    type: row.mime,
  };
}

/** An upload as received, already read into memory (it is capped at 10 MB). */
export type IncomingUpload = {
  organisationId: number;
  uploadedByUserId: number | null;
  filename: string;
  declaredMime: string;
  bytes: Buffer;
};

/**
 * Stores an ephemeral upload: judges its type from the bytes (415 unless the type is accepted),
 * writes it under a server-generated name, then records it. The bytes are removed again if the
 * record cannot be written.
 */
export async function storeUpload(store: FileStore, upload: IncomingUpload): Promise<UploadedFile> {
  if (upload.bytes.length === 0) {
    throw validationError({ file: ['The file is empty.'] });
  }
  const mime = await judgeUploadType(upload.bytes, upload.declaredMime);
  const accepted = mime === null ? null : await findFileType(store.db, mime);
  if (mime === null || !accepted) {
    throw new HttpError(415, 'This type of file is not accepted.', {
      file: ['This type of file is not accepted.'],
    });
  }
  await fs.promises.mkdir(store.directory, { recursive: true, mode: 0o700 });
  const storageName = randomUUID();
  const target = path.join(store.directory, storageName);
  await fs.promises.writeFile(target, upload.bytes, { flag: 'wx', mode: 0o600 });
  try {
    const row = await insertFile(store.db, {
      organisationId: upload.organisationId,
      uploadedByUserId: upload.uploadedByUserId,
      storageName,
      originalName: cleanOriginalName(upload.filename),
      mime,
      size: upload.bytes.length,
      ephemeral: true,
    });
    return toUploadedFile(row);
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw error;
  }
}

/** A stored file ready to stream. */
export type StoredFile = { row: FileRow; stream: Readable };

/** Opens one of the organisation's files; 404 for another organisation's file or missing bytes. */
export async function openStoredFile(
  store: FileStore,
  organisationId: number,
  id: string,
): Promise<StoredFile> {
  const row = await findFile(store.db, organisationId, id);
  if (!row) {
    throw new HttpError(404, 'File not found.');
  }
  const target = path.join(store.directory, row.storageName);
  try {
    const handle = await fs.promises.open(target, 'r');
    return { row, stream: handle.createReadStream() };
  } catch {
    throw new HttpError(404, 'File not found.');
  }
}

/** Marks uploads as attached to something, so the ephemeral purge keeps them; returns the ids marked. */
export async function attachFiles(
  db: Executor,
  organisationId: number,
  ids: string[],
  now: Date = new Date(),
): Promise<string[]> {
  return markFilesAttached(db, organisationId, ids, now);
}

/**
 * Deletes ephemeral files (rows, then bytes) that were not attached within 24 hours of upload,
 * as judged at `now`. Returns how many were deleted.
 */
export async function purgeExpiredEphemeralFiles(store: FileStore, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - EPHEMERAL_FILE_LIFETIME_MS);
  const storageNames = await deleteExpiredEphemeralFiles(store.db, cutoff);
  await Promise.all(
    storageNames.map((name) => fs.promises.rm(path.join(store.directory, name), { force: true })),
  );
  return storageNames.length;
}
