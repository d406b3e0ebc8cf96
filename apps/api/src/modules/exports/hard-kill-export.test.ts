import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportRecord, ExportResponse, SignInResponse } from '@muster/contract';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { dataExports } from '../../db/schema/index.js';
import { seedReferenceData } from '../../db/seed/reference-data.js';
import { createAccount } from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { request, ServerProcess, sleep, waitForHealth } from '../../test/server-process.js';
import { migrationsFolder } from '../../test/template.js';
import { exportsDirectoryOf } from './storage.js';
import { createManyVolunteers, readCsv } from './test-factories.js';

/*
 * Issue 12, "a running export survives a restart", for the hardest stop: the real server, in a
 * child process, is SIGKILLed while it builds an export of many people, on PGlite (a data
 * directory) or on PostgreSQL (MUSTER_TEST_DATABASE_URL: a fresh database of this file's own).
 * The dead server cannot put the export back in the queue. A new server on the same data must
 * build it again and have it ready with every row, once, within seconds: on PGlite because its
 * only server finds it running at start; on PostgreSQL because its heartbeat goes stale
 * (EXPORT_STALE_AFTER=3s here) while the dead server's pg-boss job waits 30 minutes to expire.
 */

/** Enough people that the build takes many pages (500 rows each): the kill lands in the middle. */
const PEOPLE = 6_000;
const STALE_AFTER = '3s';
/** Generous bounds for a 2-core machine busy with other test files. */
const START_TIMEOUT_MS = 120_000;
/**
 * From the next server answering to the export ready: the rest of the stale limit, a sweep and a
 * whole build (the dead server's job alone would be retried after 30 minutes).
 */
const TAKEN_UP_WITHIN_MS = 30_000;

const postgresAdminUrl = process.env.MUSTER_TEST_DATABASE_URL || undefined;
const dialect = postgresAdminUrl ? 'PostgreSQL' : 'PGlite';

let scratch = '';
let dataDir = '';
let serverEnv: Record<string, string> = {};
let open: () => Promise<DatabaseHandle>;
let dropDatabase: () => Promise<void> = async () => undefined;
const servers: ServerProcess[] = [];

/** What the test made before any server started. */
let organisationId = 0;
let host = '';
let account = { email: '', password: '' };
let ids: number[] = [];

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-hard-kill-export-'));
  dataDir = path.join(scratch, 'data', 'db');
  if (postgresAdminUrl) {
    const name = `muster_test_kill_export_${String(process.pid)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    // The exports directory still lives beside DATA_DIR.
    serverEnv = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    open = () => openDatabase({ databaseUrl: url.toString(), migrationsFolder: migrationsFolder() });
    dropDatabase = async () => {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    };
  } else {
    serverEnv = { DATA_DIR: dataDir };
    open = () => openDatabase({ dataDir, migrationsFolder: migrationsFolder() });
  }
  // The organisation, the requester and the people, written before the first start.
  const database = await open();
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const organisation = await createOrganisation(database.db);
    organisationId = organisation.id;
    host = organisation.hosts[0] ?? '';
    const requester = await createAccount(database.db, organisation.id, {
      permissions: ['view-users', 'manage-exports'],
    });
    account = { email: requester.email, password: requester.password };
    ids = await createManyVolunteers(database.db, organisation.id, PEOPLE);
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  await dropDatabase();
  if (scratch) {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

/** Starts the server on the test's data and waits until it answers /api/health; answers its port. */
async function startServer(): Promise<{ server: ServerProcess; port: number }> {
  const server = new ServerProcess({
    NODE_ENV: 'development',
    SEED_DEMO: 'never',
    MUSTER_DEV_TOOLS: '0',
    WEB_DIST: path.join(scratch, 'no-web'),
    // Both servers sign alike, so the requester's sign-in outlives the kill.
    JWT_SECRET: 'hard-kill-export-secret-of-more-than-32-characters',
    EXPORT_STALE_AFTER: STALE_AFTER,
    ...serverEnv,
  });
  servers.push(server);
  const port = await server.listening(START_TIMEOUT_MS);
  await waitForHealth(port, 30_000);
  return { server, port };
}

/** A JSON call as the requester. */
async function call<T>(port: number, token: string, method: string, url: string, body?: unknown) {
  const answer = await request(port, {
    method,
    path: url,
    body,
    headers: { host, authorization: `Bearer ${token}` },
  });
  return { status: answer.status, body: answer.body, json: () => JSON.parse(answer.body) as T };
}

async function show(port: number, token: string, id: number): Promise<ExportRecord> {
  const answer = await call<ExportResponse>(port, token, 'GET', `/api/exports/${String(id)}`);
  expect(answer.status, answer.body).toBe(200);
  return answer.json().data;
}

/** Files of the export under the exports directory (a build's partial ones included). */
function filesOf(id: number): string[] {
  const folder = path.join(exportsDirectoryOf(dataDir), String(organisationId));
  return fs.existsSync(folder)
    ? fs.readdirSync(folder).filter((name) => name.startsWith(`${String(id)}-`))
    : [];
}

describe(`an export whose server is killed in the middle of its build (${dialect})`, () => {
  it('is built again by the next server, ready with every row within seconds', async () => {
    const first = await startServer();
    const signIn = await request(first.port, {
      method: 'POST',
      path: '/api/auth/api/',
      body: { email: account.email, password: account.password },
      headers: { host },
    });
    expect(signIn.status, signIn.body).toBe(200);
    const token = (JSON.parse(signIn.body) as SignInResponse).token;

    const asked = await call<ExportResponse>(first.port, token, 'POST', '/api/exports', {
      kind: 'users',
      columns: ['id', 'last_name', 'email'],
      status: ['active'],
    });
    expect(asked.status, asked.body).toBe(202);
    const id = asked.json().data.id;

    // Killed once the build has written some pages, and well before it could finish.
    let record = await show(first.port, token, id);
    const deadline = Date.now() + 60_000;
    while (!(record.status === 'running' && record.progress.rows_done > 0)) {
      expect(['queued', 'running'], `the build ended before the kill: ${JSON.stringify(record)}`).toContain(
        record.status,
      );
      expect(Date.now(), 'the build was not seen running').toBeLessThan(deadline);
      await sleep(10);
      record = await show(first.port, token, id);
    }
    await first.server.kill();
    const killed = Date.now();
    const rowsAtKill = record.progress.rows_done;
    expect(rowsAtKill).toBeLessThan(PEOPLE);
    // The dead build's partial files are left behind.
    expect(filesOf(id).length).toBeGreaterThan(0);

    const second = await startServer();
    const started = Date.now();
    let done = await show(second.port, token, id);
    while (done.status === 'queued' || done.status === 'running') {
      expect(
        Date.now() - started,
        `still ${done.status} (${String(done.progress.rows_done)} rows)`,
      ).toBeLessThan(TAKEN_UP_WITHIN_MS);
      await sleep(100);
      done = await show(second.port, token, id);
    }
    const readyAfter = Date.now() - started;
    expect(done.status).toBe('ready');
    expect(done.progress).toEqual({ rows_done: PEOPLE, rows_total: PEOPLE, percent: 100 });

    const download = await request(second.port, {
      path: `/api/exports/${String(id)}/download?format=csv`,
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    const rows = readCsv(Buffer.from(download.body, 'utf8'));
    expect(rows[0]).toEqual(['ID', 'Last name', 'Email']);
    // Every person once, in id order: nothing of the dead build's pages is repeated.
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(ids);
    expect(rows[PEOPLE]).toEqual([
      String(ids[PEOPLE - 1]),
      `Number ${String(PEOPLE)}`,
      `many-${String(ids[PEOPLE - 1])}@example.test`,
    ]);
    // Only the finished build's two files remain: the dead build's were removed.
    expect(filesOf(id)).toHaveLength(2);

    await second.server.kill();
    const database = await open();
    try {
      const [row] = await database.db.select().from(dataExports).where(eq(dataExports.id, id));
      // Built twice: the killed build and the one that took it up.
      expect(row).toMatchObject({ status: 'ready', attempts: 2, runToken: null, rowsDone: PEOPLE });
    } finally {
      await database.close();
    }
    console.info(
      `hard-kill export (${dialect}): killed at ${String(rowsAtKill)} of ${String(PEOPLE)} rows; ` +
        `the next server answered ${String(started - killed)} ms after the kill; the export was ready ${String(readyAfter)} ms later`,
    );
  }, 300_000);
});
