import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database, Executor } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import type { Outbox } from '../outbox/service.js';
import { queueExportReadyEmail } from './mail.js';
import {
  claimExport,
  hasPendingExports,
  listPendingExportIds,
  markExportFailed,
  markExportReady,
  recordPlan,
  recordProgress,
  renewExportHeartbeat,
  requeueExport,
  requeueOrphanedExports,
  type ExportRow,
} from './repository.js';
import { ExportSourceError, openExportSource, type ExportSource, type SourceDeps } from './sources.js';
import { exportFileName, exportFilePath, removeExportFiles, removeFilesOfExport } from './storage.js';
import { createCsvWriter, createXlsxWriter, type RowWriter } from './writers.js';

/** Rows read from the database and written per page: memory holds one page, whatever the export's size. */
export const EXPORT_BATCH_SIZE = 500;

/** How long a ready export's files are kept (they hold personal data): then they go with the record. */
export const EXPORT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A running export whose heartbeat is older than this was left by a process that died (SIGKILL, a
 * crash) and is built again. The default of `EXPORT_STALE_AFTER`; long enough for a busy
 * database to miss a few renewals, short enough that the requester barely notices.
 */
export const EXPORT_STALE_AFTER_MS = 45_000;

/** A build renews its heartbeat this often (more often under a stale limit below 40 s). */
export const EXPORT_HEARTBEAT_MS = 10_000;

/** A pg-boss queue looks for orphaned exports this often (more often under a stale limit below 45 s). */
export const ORPHAN_SWEEP_MS = 15_000;

/** How a build holds its export: renewing its heartbeat every `heartbeatMs`, lost after `staleAfterMs`. */
export type ExportLease = { staleAfterMs: number; heartbeatMs: number };

/**
 * The lease of a stale limit: a heartbeat every 10 s, or a quarter of the limit when that is
 * shorter, so that a live build renews at least four times before it could be taken for dead.
 */
export function exportLeaseOf(staleAfterMs: number = EXPORT_STALE_AFTER_MS): ExportLease {
  return { staleAfterMs, heartbeatMs: Math.min(EXPORT_HEARTBEAT_MS, Math.floor(staleAfterMs / 4)) };
}

/** What a build needs: the database, where files go, the outbox, and how to find a report. */
export type BuildDeps = SourceDeps & {
  /** The exports directory. */
  directory: string;
  outbox: Pick<Outbox, 'queueEmail' | 'dispatchQueued'>;
  publicOrigin: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
};

/** The build stopped because the server is stopping; the export waits in the queue again. */
export class ExportAbortedError extends Error {
  constructor() {
    super('The export build was interrupted: the server is stopping.');
    this.name = 'ExportAbortedError';
  }
}

/**
 * How a build ended: `skipped` when there was nothing for it to do (the export is ready, failed,
 * deleted, or held by a live build), `superseded` when another build took over.
 */
export type BuildOutcome = 'ready' | 'failed' | 'skipped' | 'superseded';

/** How a queue runs a build: its lease, and how an interrupted build's export goes back in the queue. */
export type BuildOptions = {
  lease?: ExportLease;
  /** Puts the export back in the queue when the build held `token` (default: in its table only). */
  requeue?: (exportId: number, token: string) => Promise<unknown>;
};

const FAILED_MESSAGE =
  'The export could not be built. Please try again, or tell your administrator if it fails again.';

/**
 * Renews the build's heartbeat every `everyMs` until stopped, whatever the build is doing (one
 * report's query can outlast many renewals), or until the build no longer holds the export. A
 * renewal still in flight when the next is due is not doubled; a failed one is only logged (the
 * next may succeed well before the lease goes stale).
 */
function keepHeartbeat(deps: BuildDeps, exportId: number, token: string, everyMs: number) {
  let renewing: Promise<void> | null = null;
  const timer = setInterval(() => {
    renewing ??= renewExportHeartbeat(deps.db, exportId, token)
      .then((held) => {
        if (!held) {
          // Superseded, requeued or deleted: the build finds out at its next page.
          clearInterval(timer);
        }
      })
      .catch((error: unknown) => {
        deps.log.warn({ err: error, exportId }, 'renewing the export heartbeat failed');
      })
      .finally(() => {
        renewing = null;
      });
  }, everyMs);
  // The build itself keeps the process busy; the timer alone must not.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/**
 * Builds one export from the start: takes it under a fresh token (a queued export, or a running
 * one whose build's process died), writes the CSV and XLSX files a page of rows at a time
 * (progress recorded after each page), then marks it ready and queues the requester's email in
 * one transaction. From the claim to the end the build renews its heartbeat on a timer (see
 * {@link ExportLease}). A build whose token was replaced (a newer build, the export requeued as
 * orphaned, or deleted) stops and removes its own files. When `signal` aborts (the server
 * stopping), the build stops after the current page, puts the export back in the queue and throws
 * {@link ExportAbortedError}; the next start builds it again from the start.
 */
export async function buildExport(
  deps: BuildDeps,
  exportId: number,
  signal: AbortSignal,
  options: BuildOptions = {},
): Promise<BuildOutcome> {
  if (signal.aborted) {
    throw new ExportAbortedError();
  }
  const lease = options.lease ?? exportLeaseOf();
  const token = randomUUID();
  const row = await claimExport(deps.db, exportId, token, new Date(), lease.staleAfterMs);
  if (!row) {
    return 'skipped';
  }
  const heartbeat = keepHeartbeat(deps, row.id, token, lease.heartbeatMs);
  try {
    return await buildClaimed(deps, row, token, signal, options);
  } finally {
    await heartbeat.stop();
  }
}

/** The build of an export claimed under `token`: {@link buildExport} past its claim. */
async function buildClaimed(
  deps: BuildDeps,
  row: ExportRow,
  token: string,
  signal: AbortSignal,
  options: BuildOptions,
): Promise<BuildOutcome> {
  await removeFilesOfExport(deps.directory, row.organisationId, row.id);
  const names = {
    csv: exportFileName(row.organisationId, row.id, token, 'csv'),
    xlsx: exportFileName(row.organisationId, row.id, token, 'xlsx'),
  };
  const csvPath = exportFilePath(deps.directory, names.csv);
  const xlsxPath = exportFilePath(deps.directory, names.xlsx);
  let writers: RowWriter[] = [];
  const discard = async () => {
    await Promise.all(writers.map((writer) => writer.discard()));
    writers = [];
  };
  let source: ExportSource | undefined;
  try {
    source = await openExportSource(deps, row);
    if (
      !(await recordPlan(deps.db, row.id, token, { rowsTotal: source.rowsTotal, columns: source.columns }))
    ) {
      return 'superseded';
    }
    await fs.promises.mkdir(path.dirname(csvPath), { recursive: true });
    const csv = createCsvWriter(csvPath);
    const xlsx = await createXlsxWriter(xlsxPath, row.kind === 'users' ? 'People' : 'Report');
    writers = [csv, xlsx];
    await csv.write([source.headings]);
    await xlsx.write([source.headings]);
    let rowsDone = 0;
    for await (const page of source.pages()) {
      await csv.write(page);
      await xlsx.write(page);
      rowsDone += page.length;
      if (!(await recordProgress(deps.db, row.id, token, rowsDone))) {
        await discard();
        return 'superseded';
      }
      if (signal.aborted) {
        await discard();
        await (options.requeue ?? ((id, held) => requeueExport(deps.db, id, held)))(row.id, token);
        throw new ExportAbortedError();
      }
    }
    const csvBytes = await csv.close();
    const xlsxBytes = await xlsx.close();
    writers = [];
    const finishedAt = new Date();
    const ready = await deps.db.transaction(async (tx) => {
      const updated = await markExportReady(tx, row.id, token, {
        csvFile: names.csv,
        xlsxFile: names.xlsx,
        csvBytes,
        xlsxBytes,
        rowsDone,
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + EXPORT_RETENTION_MS),
      });
      if (updated) {
        await queueExportReadyEmail(tx, deps.outbox, deps.publicOrigin, updated, finishedAt);
      }
      return updated;
    });
    if (!ready) {
      await removeExportFiles(deps.directory, [names.csv, names.xlsx]);
      return 'superseded';
    }
    await deps.outbox.dispatchQueued().catch((error: unknown) => {
      // The email stays queued; the maintenance pass sends it within a minute.
      deps.log.warn({ err: error, exportId: row.id }, 'sending the export email failed');
    });
    return 'ready';
  } catch (error) {
    await discard();
    if (error instanceof ExportAbortedError) {
      throw error;
    }
    deps.log.error({ err: error, exportId: row.id }, 'export build failed');
    const message = error instanceof ExportSourceError ? error.message : FAILED_MESSAGE;
    await markExportFailed(deps.db, row.id, token, message, new Date());
    await removeExportFiles(deps.directory, [names.csv, names.xlsx]);
    return 'failed';
  } finally {
    // A list report's snapshot goes however the build ends (superseded before its first page too).
    await source?.close().catch(() => undefined);
  }
}

/**
 * Runs export builds in the background. `submit` stores a new export and queues it together;
 * `start` begins working (taking up exports left queued or running by a server that stopped);
 * `stop` interrupts the build in hand (it goes back in the queue) and waits for the workers.
 */
export type ExportQueue = {
  readonly kind: 'in-process' | 'pg-boss';
  start(): Promise<void>;
  submit(insert: (executor: Executor) => Promise<ExportRow>): Promise<ExportRow>;
  stop(): Promise<void>;
};

/** How a queue holds its builds: `staleAfterMs` (default {@link EXPORT_STALE_AFTER_MS}, `EXPORT_STALE_AFTER`). */
export type QueueOptions = { staleAfterMs?: number };

/**
 * The embedded database's runner: one build at a time in this process. The exports table is its
 * queue: on start it puts every running export back in the queue (an embedded database has one
 * server, so a running one was left by a server that stopped or died) and takes up every queued
 * one, and each submit adds one.
 */
export function createInProcessExportQueue(deps: BuildDeps, options: QueueOptions = {}): ExportQueue {
  const lease = exportLeaseOf(options.staleAfterMs);
  const controller = new AbortController();
  const waiting: number[] = [];
  let started = false;
  let stopped = false;
  let loop: Promise<void> | null = null;
  const add = (id: number) => {
    if (!waiting.includes(id)) {
      waiting.push(id);
    }
  };
  const drain = async () => {
    for (let id = waiting.shift(); id !== undefined && !stopped; id = waiting.shift()) {
      try {
        await buildExport(deps, id, controller.signal, { lease });
      } catch (error) {
        if (!(error instanceof ExportAbortedError)) {
          deps.log.error({ err: error, exportId: id }, 'export build failed');
        }
      }
    }
  };
  const kick = () => {
    if (!started || stopped || loop) {
      return;
    }
    loop = drain().finally(() => {
      loop = null;
      // Submitted while the loop was finishing.
      if (waiting.length > 0) {
        kick();
      }
    });
  };
  return {
    kind: 'in-process',
    async start() {
      if (started) {
        return;
      }
      started = true;
      // Nothing builds yet in this, the database's only server: every heartbeat is a dead one.
      await requeueOrphanedExports(deps.db, 0);
      for (const id of await listPendingExportIds(deps.db)) {
        add(id);
      }
      kick();
    },
    async submit(insert) {
      const row = await insert(deps.db);
      add(row.id);
      kick();
      return row;
    },
    async stop() {
      stopped = true;
      controller.abort();
      await loop;
    },
  };
}

/** The pg-boss queue exports are built from. */
export const PG_BOSS_QUEUE = 'muster-exports';
/**
 * An active job not finished by then is retried. Orphaned exports are taken up long before by
 * their stale heartbeat (with a fresh job); a retried job then finds nothing to do.
 */
const JOB_EXPIRY_SECONDS = 30 * 60;
/** How long stopping waits for the build in hand to reach the end of its page. */
const STOP_TIMEOUT_MS = 15_000;

type ExportJob = { exportId: number };

/**
 * PostgreSQL's runner: pg-boss (jobs in the `pgboss` schema of the same database), so that any
 * number of API processes share the work and a job outlives the process that took it. Each
 * export is stored and its job sent in one transaction; so is a requeued export and its fresh
 * job. A build interrupted by a stop puts its export back with a fresh job before letting go. A
 * process that died holding one leaves its heartbeat to go stale: every process sweeps at start
 * and then every {@link ORPHAN_SWEEP_MS} (or a third of the stale limit), requeuing each orphaned
 * export with a fresh job. pg-boss starts with the server when `eager` (production), otherwise on
 * the first export or when exports are waiting at start or at a later sweep (a process that has
 * never exported still takes up another's orphans), so that servers (and test databases) that
 * never export never install or poll it.
 */
export function createPgBossExportQueue(
  deps: BuildDeps,
  pool: pg.Pool,
  options: QueueOptions & { eager: boolean },
): ExportQueue {
  const lease = exportLeaseOf(options.staleAfterMs);
  const sweepMs = Math.min(ORPHAN_SWEEP_MS, Math.floor(lease.staleAfterMs / 3));
  const controller = new AbortController();
  const executorOf = (client: pg.Pool | pg.PoolClient) => ({
    executeSql: (text: string, values?: unknown[]) => client.query(text, values),
  });
  type Booted = { boss: PgBoss; workerId: string };
  let booting: Promise<Booted> | null = null;
  let stopped = false;
  let watch: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | null = null;

  /** Runs `work` in one transaction on a client of the pool; pg-boss sends through `executor` join it. */
  const inTransaction = async <T>(
    work: (db: Database, executor: ReturnType<typeof executorOf>) => Promise<T>,
  ): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database;
      const result = await work(db, executorOf(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  const handle = (boss: PgBoss) => async (jobs: PgBoss.Job<ExportJob>[]) => {
    const requeue = (exportId: number, token: string) =>
      inTransaction(async (db, executor) => {
        if (await requeueExport(db, exportId, token)) {
          await boss.send(PG_BOSS_QUEUE, { exportId }, { db: executor });
        }
      });
    for (const job of jobs) {
      if (controller.signal.aborted) {
        // Fetched as the server stops, not begun: the export is still queued; a fresh job for the next start.
        await boss.send(PG_BOSS_QUEUE, { exportId: job.data.exportId });
        continue;
      }
      try {
        await buildExport(deps, job.data.exportId, controller.signal, { lease, requeue });
      } catch (error) {
        // Interrupted: the export is queued again in its table, with a fresh job for the next start.
        if (!(error instanceof ExportAbortedError)) {
          throw error;
        }
      }
    }
  };

  const boot = () => {
    booting ??= (async () => {
      // Loaded on the first export only, like the queue itself.
      const { default: PgBossQueue } = await import('pg-boss');
      const boss = new PgBossQueue({
        db: executorOf(pool),
        schema: 'pgboss',
        supervise: true,
        schedule: false,
        migrate: true,
      });
      boss.on('error', (error) => deps.log.error({ err: error }, 'export queue (pg-boss) error'));
      await boss.start();
      await boss.createQueue(PG_BOSS_QUEUE, {
        name: PG_BOSS_QUEUE,
        retryLimit: 3,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: JOB_EXPIRY_SECONDS,
      });
      const workerId = await boss.work<ExportJob>(
        PG_BOSS_QUEUE,
        { pollingIntervalSeconds: 2, batchSize: 1 },
        handle(boss),
      );
      return { boss, workerId };
    })().catch((error: unknown) => {
      booting = null;
      throw error;
    });
    return booting;
  };

  /**
   * Requeues the orphaned exports with a fresh job each, in one transaction (a process dying in
   * between leaves them running and stale, for the next sweep). Booting first when some export is
   * pending: a process that has never exported learns of another's orphans here.
   */
  const sweep = async () => {
    if (!booting && !(await hasPendingExports(deps.db))) {
      return;
    }
    const { boss, workerId } = await boot();
    const requeued = await inTransaction(async (db, executor) => {
      const ids = await requeueOrphanedExports(db, lease.staleAfterMs);
      for (const exportId of ids) {
        await boss.send(PG_BOSS_QUEUE, { exportId }, { db: executor });
      }
      return ids;
    });
    if (requeued.length > 0) {
      deps.log.warn({ exportIds: requeued }, 'exports left running by a process that died are queued again');
      boss.notifyWorker(workerId);
    }
  };

  return {
    kind: 'pg-boss',
    async start() {
      if (stopped || watch) {
        return;
      }
      if (options.eager) {
        await boot();
      }
      await sweep();
      watch = setInterval(() => {
        // A sweep still running when the next is due (a slow database) is not doubled.
        sweeping ??= sweep()
          .catch((error: unknown) => deps.log.error({ err: error }, 'looking for orphaned exports failed'))
          .finally(() => {
            sweeping = null;
          });
      }, sweepMs);
      watch.unref();
    },
    async submit(insert) {
      if (stopped) {
        throw new Error('The export queue is stopped.');
      }
      const { boss, workerId } = await boot();
      const row = await inTransaction(async (db, executor) => {
        const inserted = await insert(db);
        await boss.send(PG_BOSS_QUEUE, { exportId: inserted.id }, { db: executor });
        return inserted;
      });
      // This process takes it at once rather than at its next poll.
      boss.notifyWorker(workerId);
      return row;
    },
    async stop() {
      stopped = true;
      clearInterval(watch);
      controller.abort();
      await sweeping;
      const running = booting ? await booting.catch(() => null) : null;
      await running?.boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
    },
  };
}
