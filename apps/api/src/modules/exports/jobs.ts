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
  requeueExport,
  type ExportRow,
} from './repository.js';
import { ExportSourceError, openExportSource, type SourceDeps } from './sources.js';
import { exportFileName, exportFilePath, removeExportFiles, removeFilesOfExport } from './storage.js';
import { createCsvWriter, createXlsxWriter, type RowWriter } from './writers.js';

/** Rows read from the database and written per page: memory holds one page, whatever the export's size. */
export const EXPORT_BATCH_SIZE = 500;

/** How long a ready export's files are kept (they hold personal data): then they go with the record. */
export const EXPORT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

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

/** How a build ended: `skipped` when nothing was left to do, `superseded` when another build took over. */
export type BuildOutcome = 'ready' | 'failed' | 'skipped' | 'superseded';

const FAILED_MESSAGE =
  'The export could not be built. Please try again, or tell your administrator if it fails again.';

/**
 * Builds one export from the start: takes it under a fresh token, writes the CSV and XLSX files a
 * page of rows at a time (progress recorded after each page), then marks it ready and queues the
 * requester's email in one transaction. A build whose token was replaced (a newer build, or the
 * export deleted) stops and removes its own files. When `signal` aborts (the server stopping),
 * the build stops after the current page, puts the export back in the queue and throws
 * {@link ExportAbortedError}; the next start builds it again from the start.
 */
export async function buildExport(
  deps: BuildDeps,
  exportId: number,
  signal: AbortSignal,
): Promise<BuildOutcome> {
  if (signal.aborted) {
    throw new ExportAbortedError();
  }
  const token = randomUUID();
  const row = await claimExport(deps.db, exportId, token, new Date());
  if (!row) {
    return 'skipped';
  }
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
  try {
    const source = await openExportSource(deps, row);
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
        await requeueExport(deps.db, row.id, token);
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

/**
 * The embedded database's runner: one build at a time in this process. The exports table is its
 * queue: on start it takes up every queued or running export (an embedded database has one
 * server, so a running one was left by a server that stopped), and each submit adds one.
 */
export function createInProcessExportQueue(deps: BuildDeps): ExportQueue {
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
        await buildExport(deps, id, controller.signal);
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
/** An active job not finished by then (its server died) is retried by another worker or after a restart. */
const JOB_EXPIRY_SECONDS = 30 * 60;
/** How long stopping waits for the build in hand to reach the end of its page. */
const STOP_TIMEOUT_MS = 15_000;

type ExportJob = { exportId: number };

/**
 * PostgreSQL's runner: pg-boss (jobs in the `pgboss` schema of the same database), so that any
 * number of API processes share the work and a job outlives the process that took it. Each
 * export is stored and its job sent in one transaction. A build interrupted by a stop sends a
 * fresh job for its export before letting go; a process that died holding one leaves the job to
 * expire and be retried. pg-boss starts with the server when `eager` (production), otherwise on
 * the first export or when exports are waiting at start, so that servers (and test databases)
 * that never export never install or poll it.
 */
export function createPgBossExportQueue(
  deps: BuildDeps,
  pool: pg.Pool,
  options: { eager: boolean },
): ExportQueue {
  const controller = new AbortController();
  const executorOf = (client: pg.Pool | pg.PoolClient) => ({
    executeSql: (text: string, values?: unknown[]) => client.query(text, values),
  });
  let booting: Promise<{ boss: PgBoss; workerId: string }> | null = null;
  let stopped = false;

  const handle = (boss: PgBoss) => async (jobs: PgBoss.Job<ExportJob>[]) => {
    for (const job of jobs) {
      try {
        await buildExport(deps, job.data.exportId, controller.signal);
      } catch (error) {
        if (!(error instanceof ExportAbortedError)) {
          throw error;
        }
        // The export is queued again in its table; a fresh job makes the next start take it up.
        await boss.send(PG_BOSS_QUEUE, { exportId: job.data.exportId });
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

  return {
    kind: 'pg-boss',
    async start() {
      if (options.eager || (await hasPendingExports(deps.db))) {
        await boot();
      }
    },
    async submit(insert) {
      if (stopped) {
        throw new Error('The export queue is stopped.');
      }
      const { boss, workerId } = await boot();
      const client = await pool.connect();
      try {
        await client.query('begin');
        const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database;
        const row = await insert(db);
        await boss.send(PG_BOSS_QUEUE, { exportId: row.id }, { db: executorOf(client) });
        await client.query('commit');
        // This process takes it at once rather than at its next poll.
        boss.notifyWorker(workerId);
        return row;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async stop() {
      stopped = true;
      controller.abort();
      const running = booting ? await booting.catch(() => null) : null;
      await running?.boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
    },
  };
}
