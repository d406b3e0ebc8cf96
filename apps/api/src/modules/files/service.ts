import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  EPHEMERAL_FILE_LIFETIME_MS,
  MAX_UPLOAD_BYTES,
  fileMessages,
  resourcePermissions,
  type FileType,
  type UploadedFile,
} from '@muster/contract';
import type { Executor } from '../../db/client.js';
import type { Session } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { VIEW_USERS } from '../users/service.js';
import type { FileLinkScope, FileUrlSigner } from './file-urls.js';
import { ImageRefusedError, checkImage, isReencodedImage, reencodeImage, reencodedTypeOf } from './image.js';
import { EPHEMERAL_QUOTAS, quotaMessages } from './limits.js';
import {
  deleteExpiredEphemeralFiles,
  deleteUnattachedFile,
  ephemeralUsage,
  findFile,
  findFileType,
  insertFile,
  listFileTypes,
  markFilesAttached,
  renameFile,
  type FileRow,
  type UploadClient,
} from './repository.js';
import { removeStaleIncoming, spoolToDisk } from './spool.js';

/** Half-received uploads older than this are removed by the hourly purge. */
const STALE_INCOMING_MS = 60 * 60 * 1000;

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
 * The type judged from a file's signature (`detected`, from file-type) or, with none, from the
 * declared text type when `readText` answers inert plain text; null when not to be trusted.
 */
async function judgeType(
  detected: { mime: string } | undefined,
  declaredMime: string,
  readText: () => Promise<Uint8Array | null>,
): Promise<string | null> {
  if (detected) {
    return SCRIPTABLE_TYPES.has(detected.mime) ? null : detected.mime;
  }
  const declared = declaredMime.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!PLAIN_TEXT_TYPES.has(declared)) {
    return null;
  }
  const text = await readText();
  return text !== null && isInertPlainText(text) ? declared : null;
}

/**
 * file-type, loaded on the first upload judged: with its tokenizers it keeps about 10 MB resident,
 * for a path most requests never take (the module cache answers every later call).
 */
const fileTypeLibrary = () => import('file-type');

/**
 * Judges an upload's mime type from its bytes, never from the client's header or file name.
 * A recognised signature (file-type) decides the type. Bytes with no signature are accepted
 * only as the text type the client declared, when that is text/plain or text/csv and the bytes
 * are inert plain text. Returns null when the type cannot be trusted: so a `.png` holding HTML
 * or SVG (no PNG signature, declared image/png) is refused.
 */
export async function judgeUploadType(bytes: Uint8Array, declaredMime: string): Promise<string | null> {
  return judgeType(
    await (await fileTypeLibrary()).fileTypeFromBuffer(bytes),
    declaredMime,
    async () => bytes,
  );
}

/** The name a file is shown with: the client's name without folders or control characters, at most 255 long. */
export function cleanOriginalName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' ? 'file' : cleaned.slice(0, 255);
}

/** The link a file is read back from by whoever was just shown it: a signed link, see {@link createFileUrlSigner}. */
export type FileUrlOf = (fileId: string) => string;

/** File links for callers allowed to see the organisation's files they are shown (`view` links). */
export function viewUrlsOf(urls: FileUrlSigner, organisationId: number, now: Date = new Date()): FileUrlOf {
  return (fileId) => urls.url(organisationId, fileId, 'view', now);
}

/** A stored upload as `POST /api/files` answers it, with the uploader's signed link. */
export function uploadedFileOf(row: FileRow, urls: FileUrlSigner): UploadedFile {
  return {
    id: row.id,
    // The uploader's link: it works while the file is ephemeral, and needs no sign-in.
    url: urls.url(row.organisationId, row.id, 'upload', row.createdAt),
    original_name: row.originalName,
    file_size: row.size,
    type: row.mime,
  };
}

/** Why an upload is refused: 415 for a type not accepted, 422 for an empty file or an unusable image. */
export class UploadRefusedError extends Error {
  constructor(
    readonly statusCode: 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRefusedError';
  }
}

/** The sentences of upload refusals (besides the image ones, {@link imageMessages}). */
export const uploadMessages = {
  empty: 'The file is empty.',
  typeRefused: 'This type of file is not accepted.',
} as const;

/** The refusal as the API answers it: its status, with the sentence at `file`. */
export function uploadRefusalResponse(error: UploadRefusedError): HttpError {
  return new HttpError(error.statusCode, error.message, { file: [error.message] });
}

/**
 * Judges the type of the file at `filePath` from its first bytes (file-type reads only what a
 * signature needs), as {@link judgeUploadType} does for bytes in memory; then refuses types the
 * file type table does not accept (415), an empty file, and an image over the pixel limit or
 * that cannot be decoded (422). Answers the mime type.
 */
async function judgeStoredFile(db: Executor, filePath: string, declaredMime: string): Promise<string> {
  const { size } = await fs.promises.stat(filePath);
  if (size === 0) {
    throw new UploadRefusedError(422, uploadMessages.empty);
  }
  // Only what claims to be text is read whole, and only up to the 10 MB an upload may have.
  const mime = await judgeType(
    await (await fileTypeLibrary()).fileTypeFromFile(filePath),
    declaredMime,
    async () => (size <= MAX_UPLOAD_BYTES ? fs.promises.readFile(filePath) : null),
  );
  if (mime === null || !(await findFileType(db, mime))) {
    throw new UploadRefusedError(415, uploadMessages.typeRefused);
  }
  return mime;
}

/** Runs `work` on `blob` written to a temporary file, which is removed afterwards. */
async function withBlobOnDisk<T>(
  store: FileStore,
  blob: Blob,
  work: (filePath: string) => Promise<T>,
): Promise<T> {
  const spooled = await spoolToDisk(blob.stream(), store.directory);
  try {
    return await work(spooled.path);
  } finally {
    await fs.promises.rm(spooled.path, { force: true });
  }
}

/**
 * Why a file sent with a form (not yet stored) would be refused, or null when it would be stored:
 * the checks of {@link storeUpload}, image pixel limit included, without storing anything.
 */
export async function checkUpload(
  store: FileStore,
  blob: Blob,
  declaredMime: string,
): Promise<UploadRefusedError | null> {
  return withBlobOnDisk(store, blob, async (filePath) => {
    try {
      const mime = await judgeStoredFile(store.db, filePath, declaredMime);
      if (isReencodedImage(mime)) {
        await checkImage(filePath, mime);
      }
      return null;
    } catch (error) {
      if (error instanceof ImageRefusedError) {
        return new UploadRefusedError(422, error.message);
      }
      if (error instanceof UploadRefusedError) {
        return error;
      }
      throw error;
    }
  });
}

/**
 * Where an upload's bytes are: a file received on disk (`move`: taken into the store rather than
 * copied; the caller still removes the path if storing fails), or a Blob (a file sent with a form).
 */
export type UploadSource = { path: string; move: boolean } | { blob: Blob };

/** An upload as received. */
export type IncomingUpload = {
  organisationId: number;
  uploadedByUserId: number | null;
  /** The anonymous uploader's client address, for the per-client quota; null when signed in. */
  uploadedFrom?: string | null;
  filename: string;
  declaredMime: string;
  source: UploadSource;
};

/** The name a re-encoded image is shown with: the uploaded name, its extension made to fit the stored type. */
function renamedFor(originalName: string, extension: string): string {
  const base = originalName.replace(/\.[^.]*$/, '');
  return cleanOriginalName(`${base === '' ? 'image' : base}.${extension}`);
}

/**
 * Stores an ephemeral upload: judges its type from its first bytes (415 unless the type is
 * accepted; 422 when empty), re-encodes a raster image (422 over the pixel limit or unreadable;
 * no metadata is kept), puts it under a server-generated name, then records it. The bytes are
 * removed again if the record cannot be written. Refusals are {@link UploadRefusedError}s.
 */
export async function storeUpload(store: FileStore, upload: IncomingUpload): Promise<FileRow> {
  if ('blob' in upload.source) {
    const { blob } = upload.source;
    return withBlobOnDisk(store, blob, (filePath) =>
      storeUpload(store, { ...upload, source: { path: filePath, move: true } }),
    );
  }
  const source = upload.source.path;
  const mime = await judgeStoredFile(store.db, source, upload.declaredMime);
  await fs.promises.mkdir(store.directory, { recursive: true, mode: 0o700 });
  const storageName = randomUUID();
  const target = path.join(store.directory, storageName);
  let stored = { mime, size: 0 };
  let originalName = cleanOriginalName(upload.filename);
  if (isReencodedImage(mime)) {
    try {
      stored = await reencodeImage(source, target, mime);
    } catch (error) {
      throw error instanceof ImageRefusedError ? new UploadRefusedError(422, error.message) : error;
    }
    if (stored.mime !== mime) {
      originalName = renamedFor(originalName, reencodedTypeOf(mime).extension);
    }
  } else {
    if (upload.source.move) {
      await fs.promises.rename(source, target);
    } else {
      await fs.promises.copyFile(source, target, fs.constants.COPYFILE_EXCL);
    }
    stored = { mime, size: (await fs.promises.stat(target)).size };
  }
  try {
    const row = await insertFile(store.db, {
      organisationId: upload.organisationId,
      uploadedByUserId: upload.uploadedByUserId,
      uploadedFrom: upload.uploadedByUserId === null ? (upload.uploadedFrom ?? null) : null,
      storageName,
      originalName,
      mime: stored.mime,
      size: stored.size,
      ephemeral: true,
    });
    return row;
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw error;
  }
}

/**
 * Refuses (429) an upload that would take the client, or the organisation, over its quota of
 * ephemeral files within 24 hours ({@link EPHEMERAL_QUOTAS}). `incomingBytes` is the size of the
 * upload at hand: 0 before its body is read (only the count can be judged then).
 */
export async function assertEphemeralQuota(
  db: Executor,
  input: { organisationId: number; client: UploadClient; incomingBytes: number; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const since = new Date(now.getTime() - EPHEMERAL_FILE_LIFETIME_MS);
  const checks = [
    {
      usage: await ephemeralUsage(db, input.organisationId, since, input.client),
      quota: EPHEMERAL_QUOTAS.client,
      message: quotaMessages.client,
    },
    {
      usage: await ephemeralUsage(db, input.organisationId, since),
      quota: EPHEMERAL_QUOTAS.organisation,
      message: quotaMessages.organisation,
    },
  ];
  for (const { usage, quota, message } of checks) {
    if (usage.files + 1 > quota.files || usage.bytes + input.incomingBytes > quota.bytes) {
      // Room comes back when the oldest counted upload leaves the 24-hour window.
      const freedAt = (usage.oldest?.getTime() ?? now.getTime()) + EPHEMERAL_FILE_LIFETIME_MS;
      const seconds = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
      throw new HttpError(429, message, undefined, { 'retry-after': String(seconds) });
    }
  }
}

/** Who asks to read a file: their sign-in (if any) and what a valid signed link they came with grants (if any). */
export type FileReader = {
  session: Pick<Session, 'userId' | 'permissions'> | null;
  /** The scope of the request's signed link, already checked ({@link FileUrlSigner.verify}); null without one. */
  link: FileLinkScope | null;
};

/** A stored file ready to stream. */
export type StoredFile = { row: FileRow; stream: Readable };

/**
 * Whether `reader` may read `row`. An ephemeral, unattached upload: its uploader only (signed in
 * as them, or holding the upload's signed link). An attached file: its owner (or, with no owner
 * recorded, its uploader) and holders of `view-users`, or anyone holding a `view` link the API
 * gave out with an answer that showed the file.
 */
function mayRead(row: FileRow, reader: FileReader): boolean {
  const scope = reader.link;
  const unattached = row.ephemeral && row.attachedAt === null;
  if (scope === 'view' || (scope === 'upload' && unattached)) {
    return true;
  }
  const session = reader.session;
  if (!session) {
    return false;
  }
  if (unattached) {
    return row.uploadedByUserId === session.userId;
  }
  return (
    (row.ownerUserId ?? row.uploadedByUserId) === session.userId || session.permissions.includes(VIEW_USERS)
  );
}

/**
 * Opens one of the organisation's files for `reader`. 401 when nobody is signed in and no valid
 * signed link came (answered before the file is looked up, so an anonymous caller learns nothing
 * of which files exist); 404 for an unknown file or another organisation's; 403 when the signed-in
 * caller may not read it (as for reading another user's profile); 401 when only an upload link
 * came and the file has been attached since.
 */
export async function openStoredFile(
  store: FileStore,
  organisationId: number,
  id: string,
  reader: FileReader,
): Promise<StoredFile> {
  if (!reader.link && !reader.session) {
    throw new HttpError(401, 'You need to sign in to do that.');
  }
  const row = await findFile(store.db, organisationId, id);
  if (!row) {
    throw new HttpError(404, 'File not found.');
  }
  if (!mayRead(row, reader)) {
    throw reader.session
      ? new HttpError(403, 'You do not have permission to do that.')
      : new HttpError(401, 'You need to sign in to do that.');
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
  // Uploads a crash or a cut connection left half-received, judged by the wall clock as their
  // modification times are (never by a `now` moved on, which would take uploads still arriving).
  await removeStaleIncoming(store.directory, new Date(), STALE_INCOMING_MS);
  const cutoff = new Date(now.getTime() - EPHEMERAL_FILE_LIFETIME_MS);
  const storageNames = await deleteExpiredEphemeralFiles(store.db, cutoff);
  await Promise.all(
    storageNames.map((name) => fs.promises.rm(path.join(store.directory, name), { force: true })),
  );
  return storageNames.length;
}

/** The permission that changes any person's records, and so the files attached to them. */
const MANAGE_USERS = resourcePermissions('users').manage;

/** True while a file is an upload no record has taken yet. */
function isUnattached(row: FileRow): boolean {
  return row.ephemeral && row.attachedAt === null;
}

/**
 * Whether `session` may rename or delete `row`. An unattached upload is its uploader's alone. An
 * attached file belongs to the record that holds it, which is always a person's (a profile, an
 * application, or content they uploaded for the organisation): its owner (or, with none recorded,
 * its uploader) and holders of `manage-users`, who may change any person's records, manage it.
 */
function mayManage(row: FileRow, session: Pick<Session, 'userId' | 'permissions'>): boolean {
  if (isUnattached(row)) {
    return row.uploadedByUserId === session.userId;
  }
  return (
    (row.ownerUserId ?? row.uploadedByUserId) === session.userId || session.permissions.includes(MANAGE_USERS)
  );
}

/** One of the organisation's files the signed-in caller may manage: 404 unknown (or another organisation's), 403 not theirs. */
async function managedFile(
  db: Executor,
  organisationId: number,
  id: string,
  session: Pick<Session, 'userId' | 'permissions'>,
): Promise<FileRow> {
  const row = await findFile(db, organisationId, id);
  if (!row) {
    throw new HttpError(404, 'File not found.');
  }
  if (!mayManage(row, session)) {
    throw new HttpError(403, 'You do not have permission to do that.');
  }
  return row;
}

/**
 * The name a file is renamed to: cleaned as an upload's name is, keeping the extension the stored
 * file has, so that a download still opens with the right program.
 */
export function renamedFileName(current: string, requested: string): string {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(current)?.[1];
  const cleaned = cleanOriginalName(requested);
  if (!extension || cleaned.toLowerCase().endsWith(`.${extension.toLowerCase()}`)) {
    return cleaned;
  }
  return cleanOriginalName(`${cleaned.slice(0, 254 - extension.length)}.${extension}`);
}

/**
 * Renames one of the organisation's files (`PUT /api/files/{id}`) for whoever may manage it
 * (see {@link mayManage}). Answers the file with a link for the caller: the upload link while
 * it is unattached, a view link once attached.
 */
export async function renameStoredFile(
  store: FileStore,
  urls: FileUrlSigner,
  input: {
    organisationId: number;
    id: string;
    name: string;
    session: Pick<Session, 'userId' | 'permissions'>;
  },
): Promise<UploadedFile> {
  const row = await managedFile(store.db, input.organisationId, input.id, input.session);
  const renamed = await renameFile(
    store.db,
    input.organisationId,
    row.id,
    renamedFileName(row.originalName, input.name),
  );
  if (!renamed) {
    throw new HttpError(404, 'File not found.');
  }
  const shown = uploadedFileOf(renamed, urls);
  return isUnattached(renamed)
    ? shown
    : { ...shown, url: urls.url(renamed.organisationId, renamed.id, 'view') };
}

/**
 * Deletes an unattached upload (`DELETE /api/files/{id}`), row then bytes, for its uploader. A
 * file attached to a record is refused with 409: the record (an application's document, an
 * answer, an attachment) still names it, so it is removed from there, never pulled from under it.
 */
export async function deleteStoredFile(
  store: FileStore,
  input: { organisationId: number; id: string; session: Pick<Session, 'userId' | 'permissions'> },
): Promise<void> {
  const row = await managedFile(store.db, input.organisationId, input.id, input.session);
  if (!isUnattached(row)) {
    throw new HttpError(409, fileMessages.attached);
  }
  const storageName = await deleteUnattachedFile(store.db, input.organisationId, row.id);
  if (storageName === null) {
    // Attached by a form between the read and the delete.
    throw new HttpError(409, fileMessages.attached);
  }
  await fs.promises.rm(path.join(store.directory, storageName), { force: true });
}
