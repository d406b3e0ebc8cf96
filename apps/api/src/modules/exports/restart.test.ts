import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportRecord, ExportResponse } from '@muster/contract';
import { buildApp } from '../../app.js';
import { dataExports } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';
import { exportsDirectoryOf } from './storage.js';
import { createManyVolunteers, readCsv } from './test-factories.js';

/*
 * A server stopped in the middle of an export does not lose it: the app is closed while the
 * export waits in the queue or is being built, a new app is opened on the same database (and the
 * same data directory), and the export completes with every row. On the embedded database this
 * is the in-process runner; with MUSTER_TEST_DATABASE_URL it is pg-boss, where an export left
 * running by a dead server is told from one being built by a live server by its heartbeat.
 */

/** Enough people that a build takes several pages (500 rows each). */
const PEOPLE = 2500;

/** The stale limit of these servers (`EXPORT_STALE_AFTER`): they look for orphans every second. */
const STALE_AFTER_MS = 3_000;

/** Several servers share one database on PostgreSQL only: PGlite has one server. */
const onPostgres = Boolean(process.env.MUSTER_TEST_DATABASE_URL);

let ctx: TestContext;
let a: Tenant;
let requester: Caller;
let ids: number[];
/** The app serving now; each test closes it part-way and opens the next. */
let app: FastifyInstance;
const opened: FastifyInstance[] = [];

beforeAll(async () => {
  // A fixed signing secret, as a real install has, so that sign-ins outlive the restart.
  ctx = await createTestContext({
    jwtSecret: 'restart-test-secret-of-more-than-32-characters',
    exportStaleAfterMs: STALE_AFTER_MS,
  });
  app = ctx.app;
  a = await createTenant(ctx.app);
  requester = await a.person(['view-users', 'manage-exports']);
  ids = await createManyVolunteers(ctx.db, a.id, PEOPLE);
}, 120_000);
afterAll(async () => {
  for (const other of opened) {
    await other.close();
  }
  await ctx?.close();
});

/** A new server on the same database and configuration: what a restart is. */
async function restart(): Promise<FastifyInstance> {
  const next = await buildApp({ config: ctx.config, database: ctx.database });
  opened.push(next);
  await next.ready();
  return next;
}

async function show(on: FastifyInstance, id: number): Promise<ExportRecord> {
  const response = await callAs(on, requester.headers, 'GET', `/api/exports/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<ExportResponse>().data;
}

/** Polls until `done` holds of the export (every few milliseconds, so a build in progress is seen). */
async function until(
  on: FastifyInstance,
  id: number,
  done: (record: ExportRecord) => boolean,
  timeoutMs = 60_000,
): Promise<ExportRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await show(on, id);
    if (done(record)) {
      return record;
    }
    if (Date.now() > deadline) {
      throw new Error(`export ${id} is still ${record.status} (${record.progress.rows_done} rows)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function askForEveryone(on: FastifyInstance): Promise<number> {
  const response = await callAs(on, requester.headers, 'POST', '/api/exports', {
    kind: 'users',
    columns: ['id', 'last_name', 'email'],
    status: ['active'],
  });
  expect(response.statusCode).toBe(202);
  return response.json<ExportResponse>().data.id;
}

/** Files of the export under the exports directory (partial ones of an interrupted build included). */
function filesOf(id: number): string[] {
  const folder = path.join(exportsDirectoryOf(ctx.config.dataDir), String(a.id));
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.startsWith(`${id}-`)) : [];
}

/** The finished export holds every person, once, in id order. */
async function expectComplete(on: FastifyInstance, id: number, timeoutMs?: number): Promise<void> {
  const record = await until(on, id, (r) => r.status === 'ready' || r.status === 'failed', timeoutMs);
  expect(record.status).toBe('ready');
  expect(record.progress).toEqual({ rows_done: PEOPLE, rows_total: PEOPLE, percent: 100 });
  const response = await on.inject({
    method: 'GET',
    url: `/api/exports/${id}/download?format=csv`,
    headers: requester.headers,
  });
  expect(response.statusCode).toBe(200);
  const rows = readCsv(response.rawPayload);
  expect(rows[0]).toEqual(['ID', 'Last name', 'Email']);
  expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(ids);
  expect(rows[PEOPLE]).toEqual([
    String(ids[PEOPLE - 1]),
    `Number ${PEOPLE}`,
    `many-${ids[PEOPLE - 1]}@example.test`,
  ]);
  // Only the finished build's two files remain.
  expect(filesOf(id).sort()).toHaveLength(2);
}

describe('a restart in the middle of an export', () => {
  it('completes an export that was waiting in the queue when the server stopped', async () => {
    const id = await askForEveryone(app);
    await app.close();
    const [stopped] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(stopped?.status).toBe('queued');

    app = await restart();
    await expectComplete(app, id);
  });

  it('completes an export that was being built when the server stopped, building it again', async () => {
    const id = await askForEveryone(app);
    const running = await until(app, id, (r) => r.status !== 'queued');
    expect(running.status).toBe('running');
    await app.close();
    const [stopped] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
    // Put back in the queue by the stopping server, its partial files removed.
    expect(stopped).toMatchObject({ status: 'queued', rowsDone: 0, attempts: 1, runToken: null });
    expect(filesOf(id)).toEqual([]);

    app = await restart();
    await expectComplete(app, id);
    const [finished] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(finished?.attempts).toBe(2);
  });

  it('takes up an export left running by a server that died without stopping, at once', async () => {
    const id = await askForEveryone(app);
    await until(app, id, (r) => r.status === 'ready');
    // Closed first: a live server would take the orphan up itself.
    await app.close();
    await leftByDeadServer(id);

    const restarted = Date.now();
    app = await restart();
    // PGlite: a running export at start was left by a stopped server. PostgreSQL: its heartbeat
    // is stale, so the start's sweep queues it again with a fresh job (the dead server's job
    // would only be retried once it expires, 30 minutes on).
    await expectComplete(app, id, STALE_AFTER_MS + 20_000);
    expect(Date.now() - restarted).toBeLessThan(STALE_AFTER_MS + 20_000);
    const [finished] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(finished?.attempts).toBe(2);
  }, 60_000);

  it.skipIf(!onPostgres)(
    'leaves an export being built by a live server to it, and takes it up once that server’s heartbeat stops',
    async () => {
      const id = await askForEveryone(app);
      await until(app, id, (r) => r.status === 'ready');
      // Another server builds it: running under its token, its heartbeat renewed twice a second.
      await ctx.db
        .update(dataExports)
        .set({ status: 'running', rowsDone: 500, runToken: 'live-build', heartbeatAt: sql`now()` })
        .where(eq(dataExports.id, id));
      let renewing: Promise<unknown> = Promise.resolve();
      const heartbeat = setInterval(() => {
        renewing = ctx.db
          .update(dataExports)
          .set({ heartbeatAt: sql`now()` })
          .where(and(eq(dataExports.id, id), eq(dataExports.runToken, 'live-build')))
          .execute();
      }, 500);
      try {
        // Two servers on the database, each sweeping every second, for three stale limits.
        const second = await restart();
        await new Promise((resolve) => setTimeout(resolve, 3 * STALE_AFTER_MS));
        for (const on of [app, second]) {
          expect((await show(on, id)).status).toBe('running');
        }
        const [held] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
        expect(held).toMatchObject({ status: 'running', runToken: 'live-build', rowsDone: 500, attempts: 1 });
      } finally {
        clearInterval(heartbeat);
        await renewing;
      }

      // The other server died: one of the two takes the export up once its heartbeat is stale.
      const died = Date.now();
      await expectComplete(app, id, STALE_AFTER_MS + 20_000);
      expect(Date.now() - died).toBeGreaterThanOrEqual(STALE_AFTER_MS - 1_000);
      const [finished] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
      expect(finished?.attempts).toBe(2);
    },
    60_000,
  );

  it.skipIf(!onPostgres)(
    'takes up an export orphaned after it started on a server that has never exported',
    async () => {
      for (const other of opened.splice(0)) {
        await other.close();
      }
      // A server started with nothing to do: its pg-boss is not started, yet it looks for orphans.
      app = await restart();
      const id = await askForEveryone(app);
      await until(app, id, (r) => r.status === 'ready');
      await app.close();
      app = await restart();
      expect(await show(app, id)).toMatchObject({ status: 'ready' });
      await leftByDeadServer(id);

      await expectComplete(app, id, STALE_AFTER_MS + 20_000);
      const [finished] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
      expect(finished?.attempts).toBe(2);
    },
    60_000,
  );
});

/**
 * As a crash leaves an export: running, part-way, held by a build that no longer exists, its
 * heartbeat long stale, with that build's partial file on disk.
 */
async function leftByDeadServer(id: number): Promise<void> {
  await ctx.db
    .update(dataExports)
    .set({
      status: 'running',
      rowsDone: 1500,
      rowsTotal: PEOPLE,
      runToken: 'dead-build',
      heartbeatAt: new Date(Date.now() - 60 * 60 * 1000),
      csvFile: null,
      xlsxFile: null,
    })
    .where(eq(dataExports.id, id));
  const folder = path.join(exportsDirectoryOf(ctx.config.dataDir), String(a.id));
  fs.writeFileSync(path.join(folder, `${id}-dead-build.csv`), 'ID,Last name\n');
}
