import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
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
 * is the in-process runner; with MUSTER_TEST_DATABASE_URL it is pg-boss.
 */

/** Enough people that a build takes several pages (500 rows each). */
const PEOPLE = 2500;

let ctx: TestContext;
let a: Tenant;
let requester: Caller;
let ids: number[];
/** The app serving now; each test closes it part-way and opens the next. */
let app: FastifyInstance;
const opened: FastifyInstance[] = [];

beforeAll(async () => {
  // A fixed signing secret, as a real install has, so that sign-ins outlive the restart.
  ctx = await createTestContext({ jwtSecret: 'restart-test-secret-of-more-than-32-characters' });
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
async function expectComplete(on: FastifyInstance, id: number): Promise<void> {
  const record = await until(on, id, (r) => r.status === 'ready' || r.status === 'failed');
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

  it('takes up an export left running by a server that died without stopping', async () => {
    const id = await askForEveryone(app);
    await until(app, id, (r) => r.status === 'ready');
    // As a crash leaves it: running, part-way, held by a build that no longer exists.
    await ctx.db
      .update(dataExports)
      .set({
        status: 'running',
        rowsDone: 1500,
        rowsTotal: PEOPLE,
        runToken: 'dead-build',
        csvFile: null,
        xlsxFile: null,
      })
      .where(eq(dataExports.id, id));
    const folder = path.join(exportsDirectoryOf(ctx.config.dataDir), String(a.id));
    fs.writeFileSync(path.join(folder, `${id}-dead-build.csv`), 'ID,Last name\n');
    await app.close();

    app = await restart();
    if (ctx.database.dialect === 'pglite') {
      // The embedded database has one server: a running export at start was left by a stopped one.
      await expectComplete(app, id);
    } else {
      // With pg-boss the dead server's job is retried once it expires; nothing else touches the export.
      expect((await show(app, id)).status).toBe('running');
    }
  });
});
