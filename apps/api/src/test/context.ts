import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type AppConfig } from '../config/config.js';
import { openDatabase, openPglite, type Database, type DatabaseHandle } from '../db/client.js';
import { memoryPgliteOptions } from '../db/durable-node-fs.js';
import { seedReferenceData } from '../db/seed/reference-data.js';
import { createOrganisation, type TestOrganisation } from './factories/organisation.js';
import {
  ensureTemplates,
  migrationsFolder as migrationsFolderPath,
  pgliteTemplatePath,
  postgresTemplateName,
} from './template.js';

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  config: AppConfig;
  close: () => Promise<void>;
};

/**
 * PostgreSQL server to test against (CI runs the API suite twice: PGlite, then this).
 * When unset, every test file gets its own in-memory PGlite.
 */
const postgresAdminUrl = process.env.MUSTER_TEST_DATABASE_URL;

/**
 * A fresh, migrated database for one test file: a copy of the migrated template, as in-memory
 * PGlite or as a new PostgreSQL database.
 */
export async function createTestDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const migrationsFolder = migrationsFolderPath();
  // Normally built by the global setup; built here too so a single file can run on its own.
  const digest = await ensureTemplates(postgresAdminUrl);
  if (!postgresAdminUrl) {
    // The product's buffer pool (24 MB), not PGlite's default 128 MB: zeroing that took about
    // half of each copy's start-up, and a test should run on the pool the product runs on.
    const client = new PGlite({ ...memoryPgliteOptions(), loadDataDir: pgliteTemplateOf(digest) });
    const database = await openPglite(client, migrationsFolder);
    return { database, drop: () => database.close() };
  }
  const name = `muster_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    // Copies from one template must not overlap.
    await admin.query('select pg_advisory_lock(20261121)');
    await admin.query(`create database ${name} template ${postgresTemplateName(digest)}`);
    // A test database is thrown away with its server's crash, so its commits need not wait for the
    // disk: about 4 ms a commit here, over tens of thousands of commits a run.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.query('select pg_advisory_unlock(20261121)');
    await admin.end();
  }
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), migrationsFolder });
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: postgresAdminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The template's bytes, read once per test process (one per worker: files share it). */
const templateBytes = new Map<string, ArrayBuffer>();

/**
 * A Blob of the PGlite template of `digest` over bytes read once per process. PGlite reads the
 * whole tarball with `arrayBuffer()`, which Node answers for a Blob of that size (some 50 MB) by
 * gathering it in chunks and joining them, and before that every test file read the file again
 * and copied it into a new Blob.
 */
function pgliteTemplateOf(digest: string): Blob {
  let bytes = templateBytes.get(digest);
  if (bytes === undefined) {
    const file = fs.readFileSync(pgliteTemplatePath(digest));
    bytes = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
    templateBytes.set(digest, bytes);
  }
  return new TemplateBlob(bytes);
}

/**
 * A Blob over bytes kept in memory, answering `arrayBuffer()` with them, not a copy: PGlite only
 * reads the tarball, copying each file out of it into its own file system (a copy of 50 MB took
 * longer than the rest of reading it).
 */
class TemplateBlob extends Blob {
  readonly #bytes: ArrayBuffer;

  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/** Builds the app on a fresh database; `close()` tears both down. */
export async function createTestContext(
  overrides: Partial<AppConfig> = {},
  options: Partial<Omit<BuildAppOptions, 'config' | 'database'>> = {},
): Promise<TestContext> {
  const { database, drop } = await createTestDatabase();
  // Anything the app keeps on disk beside its database (uploads, generated secrets) goes to a
  // directory of this context's own, never into the repository's ./data.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', MUSTER_DEV_TOOLS: '1' },
    { webDist: '/nonexistent', dataDir: path.join(scratch, 'db'), ...overrides },
  );
  const app = await buildApp({ config, database, ...options });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * Where most route tests start: a test context whose database holds the global reference data
 * and one organisation, with the organisation's first host to send requests to.
 */
export async function createOrganisationTestContext(): Promise<{
  ctx: TestContext;
  organisation: TestOrganisation;
  host: string;
}> {
  const ctx = await createTestContext();
  try {
    await seedReferenceData(ctx.db);
    const organisation = await createOrganisation(ctx.db);
    return { ctx, organisation, host: organisation.hosts[0] ?? '' };
  } catch (error) {
    await ctx.close();
    throw error;
  }
}
