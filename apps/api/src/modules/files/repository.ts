import { and, asc, count, eq, gt, inArray, isNull, lt, min, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { files, fileTypes } from '../../db/schema/index.js';
import { assertInserted } from '../../db/rows.js';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;
export type FileTypeRow = typeof fileTypes.$inferSelect;

/**
 * Every accepted file type, by extension. The table is global reference data (no organisation
 * owns a mime type), so this query is not scoped by organisation.
 */
export async function listFileTypes(db: Executor): Promise<FileTypeRow[]> {
  return db.select().from(fileTypes).orderBy(asc(fileTypes.extension), asc(fileTypes.mime));
}

/** The accepted file type with this mime, or null when uploads of it are refused. Global reference data. */
export async function findFileType(db: Executor, mime: string): Promise<FileTypeRow | null> {
  const [row] = await db.select().from(fileTypes).where(eq(fileTypes.mime, mime)).limit(1);
  return row ?? null;
}

/** Records an uploaded file. */
export async function insertFile(db: Executor, row: NewFileRow): Promise<FileRow> {
  const [created] = await db.insert(files).values(row).returning();
  assertInserted(created, 'file');
  return created;
}

/** One file of this organisation, or null (another organisation's file is not found). */
export async function findFile(db: Executor, organisationId: number, id: string): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.organisationId, organisationId), eq(files.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * Marks files of this organisation as attached, so the ephemeral purge keeps them; returns the ids
 * marked. With `ownerUserId`, a file that has no owner yet becomes that user's (who may then read
 * it back); a file's owner never changes.
 */
export async function markFilesAttached(
  db: Executor,
  organisationId: number,
  ids: string[],
  at: Date,
  ownerUserId: number | null = null,
): Promise<string[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .update(files)
    .set({
      ephemeral: false,
      attachedAt: at,
      uploadedFrom: null,
      ...(ownerUserId === null ? {} : { ownerUserId: sql`coalesce(${files.ownerUserId}, ${ownerUserId})` }),
    })
    .where(and(eq(files.organisationId, organisationId), inArray(files.id, ids)))
    .returning({ id: files.id });
  return rows.map((row) => row.id);
}

/** What deciding whether a file may be claimed needs to know about it. */
export type FileClaimRow = Pick<
  FileRow,
  'id' | 'uploadedByUserId' | 'ownerUserId' | 'ephemeral' | 'attachedAt'
>;

/**
 * The files of this organisation among `ids` (another organisation's file is not found), with
 * what a claim checks. With `lock` (inside a transaction) the rows are locked until it ends, so
 * that two submits cannot both claim the same upload.
 */
export async function listFilesForClaim(
  db: Executor,
  organisationId: number,
  ids: string[],
  { lock = false }: { lock?: boolean } = {},
): Promise<FileClaimRow[]> {
  if (ids.length === 0) {
    return [];
  }
  const query = db
    .select({
      id: files.id,
      uploadedByUserId: files.uploadedByUserId,
      ownerUserId: files.ownerUserId,
      ephemeral: files.ephemeral,
      attachedAt: files.attachedAt,
    })
    .from(files)
    .where(and(eq(files.organisationId, organisationId), inArray(files.id, ids)))
    .orderBy(asc(files.id));
  return lock ? query.for('update') : query;
}

/**
 * Gives ephemeral, never attached files of this organisation to `ownerUserId`: no longer
 * ephemeral (so the purge keeps them), attached at `at`. Files already attached are left as
 * they are; returns the ids claimed.
 */
export async function claimEphemeralFiles(
  db: Executor,
  organisationId: number,
  ids: string[],
  ownerUserId: number,
  at: Date,
): Promise<string[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .update(files)
    .set({ ephemeral: false, attachedAt: at, ownerUserId, uploadedFrom: null })
    .where(
      and(
        eq(files.organisationId, organisationId),
        inArray(files.id, ids),
        eq(files.ephemeral, true),
        isNull(files.attachedAt),
      ),
    )
    .returning({ id: files.id });
  return rows.map((row) => row.id);
}

/**
 * Deletes the rows of ephemeral files never attached and created before `cutoff`, returning
 * their storage names so the bytes can go too. This is housekeeping across every organisation
 * (the one files query not scoped by organisation): it reads no tenant's data for anyone.
 */
export async function deleteExpiredEphemeralFiles(db: Executor, cutoff: Date): Promise<string[]> {
  const rows = await db
    .delete(files)
    .where(and(eq(files.ephemeral, true), isNull(files.attachedAt), lt(files.createdAt, cutoff)))
    .returning({ storageName: files.storageName });
  return rows.map((row) => row.storageName);
}

/** Whose ephemeral uploads a quota counts: a signed-in user's, or an anonymous client address's. */
export type UploadClient = { userId: number } | { address: string };

/** Ephemeral uploads counted by a quota: how many, their bytes, and when the oldest was made. */
export type EphemeralUsage = { files: number; bytes: number; oldest: Date | null };

/**
 * The organisation's ephemeral, unattached files created after `since`; with `client`, only that
 * client's (by uploader for a signed-in user, by address for anonymous uploads).
 */
export async function ephemeralUsage(
  db: Executor,
  organisationId: number,
  since: Date,
  client?: UploadClient,
): Promise<EphemeralUsage> {
  const byClient =
    client === undefined
      ? undefined
      : 'userId' in client
        ? eq(files.uploadedByUserId, client.userId)
        : and(isNull(files.uploadedByUserId), eq(files.uploadedFrom, client.address));
  const [row] = await db
    .select({ files: count(), bytes: sum(files.size), oldest: min(files.createdAt) })
    .from(files)
    .where(
      and(
        eq(files.organisationId, organisationId),
        eq(files.ephemeral, true),
        isNull(files.attachedAt),
        gt(files.createdAt, since),
        byClient,
      ),
    );
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0), oldest: row?.oldest ?? null };
}

/** Gives one of the organisation's files a new display name; answers the row, or null when not found. */
export async function renameFile(
  db: Executor,
  organisationId: number,
  id: string,
  originalName: string,
): Promise<FileRow | null> {
  const [row] = await db
    .update(files)
    .set({ originalName })
    .where(and(eq(files.organisationId, organisationId), eq(files.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Deletes one of the organisation's files if it is still an unattached upload, answering its
 * storage name (for the bytes to go too); null when it is not (attached meanwhile, or gone). The
 * condition is in the delete itself, so a form attaching the file at the same moment wins or loses whole.
 */
export async function deleteUnattachedFile(
  db: Executor,
  organisationId: number,
  id: string,
): Promise<string | null> {
  const [row] = await db
    .delete(files)
    .where(
      and(
        eq(files.organisationId, organisationId),
        eq(files.id, id),
        eq(files.ephemeral, true),
        isNull(files.attachedAt),
      ),
    )
    .returning({ storageName: files.storageName });
  return row?.storageName ?? null;
}
