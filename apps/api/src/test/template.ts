import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../config/config.js';
import { migrationsFolderOf, openDatabase } from '../db/client.js';

/** A digest of the migrations, so a template is rebuilt whenever the schema changes. */
export function migrationsDigest(migrationsFolder: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else {
        hash.update(entry.name).update(fs.readFileSync(full));
      }
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

export function migrationsFolder(): string {
  return migrationsFolderOf(loadConfig({ NODE_ENV: 'test' }).apiRoot);
}

/**
 * How the PGlite template is made; part of its file name, so that a template left in the temporary
 * directory by an earlier way of making it is rebuilt, not reused. 2: dumped at the start of a WAL
 * segment, without the segments PostgreSQL made ahead ({@link dumpStartingCopy}).
 */
const PGLITE_TEMPLATE_FORMAT = 2;

/** File holding a migrated, empty PGlite data directory for this schema. */
export function pgliteTemplatePath(digest: string): string {
  return path.join(os.tmpdir(), `muster-pglite-template-${digest}-v${String(PGLITE_TEMPLATE_FORMAT)}.tar`);
}

/** Where PGlite keeps the data directory in its in-memory file system. */
const PGLITE_WAL_DIRECTORY = '/pglite/data/pg_wal';

/**
 * The data directory of `client` as a tarball that starts quickly, as every test file's copy does.
 * Dumped as it stood, the migrations had filled most of a WAL segment, and each copy, on starting,
 * wrote 16 MB of zeros into its in-memory file system to make the next segment ready: about a
 * quarter of a copy's start-up. Here the dump starts a fresh segment (`pg_switch_wal`, then a
 * checkpoint) and leaves out the segments PostgreSQL made ahead of it, which it makes again when
 * it needs them.
 */
async function dumpStartingCopy(client: PGlite): Promise<Blob> {
  await client.query('select pg_switch_wal()');
  await client.query('checkpoint');
  const { rows } = await client.query<{ name: string }>('select pg_walfile_name(pg_current_wal_lsn()) as name');
  const current = rows[0]?.name;
  if (current === undefined) {
    throw new Error('PGlite did not name its current WAL segment');
  }
  // PGlite types its module's file system with Emscripten's types, which are not installed here.
  const { FS } = client.Module as unknown as { FS: EmscriptenFs };
  for (const name of FS.readdir(PGLITE_WAL_DIRECTORY)) {
    if (/^[0-9A-F]{24}$/.test(name) && name > current) {
      FS.unlink(`${PGLITE_WAL_DIRECTORY}/${name}`);
    }
  }
  return client.dumpDataDir('none');
}

/** The part of Emscripten's file system that {@link dumpStartingCopy} uses. */
type EmscriptenFs = { readdir(path: string): string[]; unlink(path: string): void };

/** Name of the migrated, empty PostgreSQL template database for this schema. */
export function postgresTemplateName(digest: string): string {
  return `muster_template_${digest}`;
}

/**
 * Migrates an empty database once per schema version, so each test file copies it instead of
 * running initdb and every migration again. Answers the schema version's digest, which names both.
 */
export async function ensureTemplates(postgresAdminUrl: string | undefined): Promise<string> {
  const folder = migrationsFolder();
  const digest = migrationsDigest(folder);
  const file = pgliteTemplatePath(digest);
  removeStalePgliteTemplates(file);
  if (!fs.existsSync(file)) {
    const handle = await openDatabase({ dataDir: 'memory', migrationsFolder: folder });
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await dumpStartingCopy(client);
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    await handle.close();
  }
  if (postgresAdminUrl) {
    const name = postgresTemplateName(digest);
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(20261120)');
      // Templates of earlier schema versions are of no more use.
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'muster\\_template\\_%' and datname <> $1",
        [name],
      );
      for (const row of stale.rows) {
        await admin.query(`drop database if exists ${row.datname} with (force)`);
      }
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        await admin.query(`create database ${name}`);
        const url = new URL(postgresAdminUrl);
        url.pathname = `/${name}`;
        const handle = await openDatabase({ databaseUrl: url.toString(), migrationsFolder: folder });
        try {
          await handle.migrate();
        } catch (error) {
          await handle.close();
          await admin.query(`drop database if exists ${name} with (force)`);
          throw error;
        }
        await handle.close();
      }
    } finally {
      await admin.query('select pg_advisory_unlock(20261120)');
      await admin.end();
    }
  }
  return digest;
}

function removeStalePgliteTemplates(current: string): void {
  const dir = path.dirname(current);
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name.startsWith('muster-pglite-template-') && full !== current && !name.includes('.partial')) {
      fs.rmSync(full, { force: true });
    }
  }
}
