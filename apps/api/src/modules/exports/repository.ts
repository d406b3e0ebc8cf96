import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assertInserted } from '../../db/rows.js';
import { dataExports, userEmailAddresses } from '../../db/schema/index.js';

export type ExportRow = typeof dataExports.$inferSelect;
export type NewExport = Pick<
  typeof dataExports.$inferInsert,
  'organisationId' | 'requestedBy' | 'kind' | 'report' | 'columns' | 'query'
>;

/** Stores a new export, queued. */
export async function insertExport(db: Executor, values: NewExport): Promise<ExportRow> {
  const [row] = await db.insert(dataExports).values(values).returning();
  assertInserted(row, 'export');
  return row;
}

/** One export of the organisation, or null. */
export async function findExport(
  db: Executor,
  organisationId: number,
  id: number,
): Promise<ExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.organisationId, organisationId), eq(dataExports.id, id)));
  return row ?? null;
}

/** Deletes one export of the organisation; answers the deleted row (its files are the caller's to remove). */
export async function deleteExport(
  db: Executor,
  organisationId: number,
  id: number,
): Promise<ExportRow | null> {
  const [row] = await db
    .delete(dataExports)
    .where(and(eq(dataExports.organisationId, organisationId), eq(dataExports.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Exports waiting for a worker or left running by a process that stopped, oldest first, across
 * organisations: the in-process runner takes them all up when it starts.
 */
export async function listPendingExportIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(inArray(dataExports.status, ['queued', 'running']))
    .orderBy(asc(dataExports.id));
  return rows.map((row) => row.id);
}

/**
 * A running export's heartbeat is older than `staleAfterMs` by the database's clock (or was never
 * set): the build holding it has not renewed its lease, so its process is taken for dead.
 */
function staleLease(staleAfterMs: number) {
  return and(
    eq(dataExports.status, 'running'),
    or(
      isNull(dataExports.heartbeatAt),
      sql`${dataExports.heartbeatAt} < now() - make_interval(secs => ${staleAfterMs / 1000})`,
    ),
  );
}

/**
 * Puts every running export whose heartbeat is older than `staleAfterMs` back in the queue (its
 * build's process died: a SIGKILL, a crash) and answers their ids, across organisations. One
 * guarded UPDATE: of several processes sweeping at once, only one requeues a given export (the
 * others find it queued when its row lock is released). The dead build's token goes with it, so
 * were it somehow still running it would stop at its next page.
 */
export async function requeueOrphanedExports(db: Executor, staleAfterMs: number): Promise<number[]> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'queued', runToken: null, rowsDone: 0, startedAt: null, heartbeatAt: null })
    .where(staleLease(staleAfterMs))
    .returning({ id: dataExports.id });
  return rows.map((row) => row.id).sort((x, y) => x - y);
}

/** True when some export is waiting or running. */
export async function hasPendingExports(db: Executor): Promise<boolean> {
  const rows = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(inArray(dataExports.status, ['queued', 'running']))
    .limit(1);
  return rows.length > 0;
}

/**
 * Takes an export for a new build under `token`, its lease (heartbeat) starting now: a queued
 * export, or a running one whose heartbeat is older than `staleAfterMs` (its build's process
 * died; that build loses its hold). A running export whose build is alive, and a ready, failed or
 * deleted one, is not taken: a second job for it (a dead process's job retried) finds nothing to
 * do. The progress starts again from nothing.
 */
export async function claimExport(
  db: Executor,
  id: number,
  token: string,
  now: Date,
  staleAfterMs: number,
): Promise<ExportRow | null> {
  const [row] = await db
    .update(dataExports)
    .set({
      status: 'running',
      runToken: token,
      rowsDone: 0,
      rowsTotal: null,
      startedAt: now,
      heartbeatAt: sql`now()`,
      error: null,
      attempts: sql`${dataExports.attempts} + 1`,
    })
    .where(and(eq(dataExports.id, id), or(eq(dataExports.status, 'queued'), staleLease(staleAfterMs))))
    .returning();
  return row ?? null;
}

/**
 * Renews the lease of the build holding `token` (the database's clock); false when it no longer
 * holds a running export (superseded, requeued, finished or deleted), so a stale build never
 * renews another's lease.
 */
export async function renewExportHeartbeat(db: Executor, id: number, token: string): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(dataExports.id, id), eq(dataExports.runToken, token), eq(dataExports.status, 'running')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** The build holding `token` knows how many rows it will write and under which headings. */
export async function recordPlan(
  db: Executor,
  id: number,
  token: string,
  plan: { rowsTotal: number; columns: string[] },
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ rowsTotal: plan.rowsTotal, columns: plan.columns })
    .where(and(eq(dataExports.id, id), eq(dataExports.runToken, token)))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** Records the rows written; false when the build no longer holds the export (superseded or deleted). */
export async function recordProgress(
  db: Executor,
  id: number,
  token: string,
  rowsDone: number,
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ rowsDone })
    .where(and(eq(dataExports.id, id), eq(dataExports.runToken, token)))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** Puts an interrupted build's export back in the queue (the server is stopping). */
export async function requeueExport(db: Executor, id: number, token: string): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'queued', runToken: null, rowsDone: 0, startedAt: null, heartbeatAt: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.runToken, token)))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** The build holding `token` finished: the export is ready with its files until `expiresAt`. */
export async function markExportReady(
  db: Executor,
  id: number,
  token: string,
  result: {
    csvFile: string;
    xlsxFile: string;
    csvBytes: number;
    xlsxBytes: number;
    rowsDone: number;
    finishedAt: Date;
    expiresAt: Date;
  },
): Promise<ExportRow | null> {
  const [row] = await db
    .update(dataExports)
    .set({ ...result, status: 'ready', runToken: null, rowsTotal: result.rowsDone })
    .where(and(eq(dataExports.id, id), eq(dataExports.runToken, token)))
    .returning();
  return row ?? null;
}

/** The build holding `token` gave up: the export failed, saying why. */
export async function markExportFailed(
  db: Executor,
  id: number,
  token: string,
  error: string,
  finishedAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'failed', runToken: null, error, finishedAt })
    .where(and(eq(dataExports.id, id), eq(dataExports.runToken, token)))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** Notes that the requester was emailed the link. */
export async function markExportEmailed(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(dataExports).set({ emailedAt: at }).where(eq(dataExports.id, id));
}

/** Deletes exports whose files have expired, across organisations; answers the deleted rows. */
export async function deleteExpiredExports(db: Executor, now: Date): Promise<ExportRow[]> {
  return db.delete(dataExports).where(lt(dataExports.expiresAt, now)).returning();
}

/** The requester's primary email address in the organisation, or null. */
export async function findPrimaryEmailOf(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ email: userEmailAddresses.email })
    .from(userEmailAddresses)
    .where(
      and(
        eq(userEmailAddresses.organisationId, organisationId),
        eq(userEmailAddresses.userId, userId),
        eq(userEmailAddresses.primary, true),
      ),
    )
    .orderBy(asc(userEmailAddresses.id))
    .limit(1);
  return row?.email ?? null;
}
