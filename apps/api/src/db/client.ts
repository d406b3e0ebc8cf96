import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { durablePgliteOptions, memoryPgliteOptions } from './durable-node-fs.js';
import { ensurePgliteDataDir } from './pglite-data-dir.js';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';
import { createWriteWatch, watchingPgClient, watchPglite, type CommittedWriteListener } from './write-watch.js';

export type Schema = typeof schema;
/** One Drizzle type for both drivers: repositories never know which database they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: what repository functions take. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  dialect: 'pglite' | 'postgres';
  /**
   * Applies the committed migrations; the same files for both dialects. On PostgreSQL one process
   * at a time: of several starting together, the others wait and then find nothing left to apply.
   */
  migrate: () => Promise<void>;
  /**
   * Runs `work` while no other process of the install runs work given here (PostgreSQL: an
   * advisory lock). For check-then-write set-up, such as seeding an empty database on first start.
   * The embedded database belongs to one process, so there it simply runs.
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  /** True when the database answers a trivial query. */
  ping: () => Promise<boolean>;
  /**
   * Tells `listener` the tables of each write committed through this handle, before the writer
   * gets its answer (see db/write-watch.ts); answers the function that stops it. Writes made by
   * other processes or programs are not seen here.
   */
  onCommittedWrite: (listener: CommittedWriteListener) => () => void;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite directory, or `memory`. */
  dataDir?: string;
  migrationsFolder: string;
  /** Told when PostgreSQL drops an idle pooled connection. */
  onIdleConnectionError?: (error: Error) => void;
};

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise the embedded PGlite
 * (in a directory created on first use, or in memory for tests).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { migrationsFolder } = options;
  if (options.databaseUrl) {
    const watch = createWriteWatch();
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, Client: watchingPgClient(watch) });
    // An idle connection that the server drops (restart, failover, a dropped test database) emits
    // 'error' on the pool; without a listener that would end the process. The pool discards the
    // connection and the next query opens a new one.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      dialect: 'postgres',
      migrate: () =>
        holdingLock(pool, 'muster:migrations', () => migratePg(db as never, { migrationsFolder })),
      exclusively: (work) => holdingLock(pool, 'muster:set-up', work),
      ping: () => ping(db),
      onCommittedWrite: (listener) => watch.listen(listener),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory';
  if (dataDir !== 'memory') {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    // Created whole or not at all: a first start killed half-way must not leave a broken directory.
    await ensurePgliteDataDir(dataDir);
  }
  const client = new PGlite(dataDir === 'memory' ? memoryPgliteOptions() : durablePgliteOptions(dataDir));
  return openPglite(client, migrationsFolder);
}

/** Wraps an open PGlite instance (a data directory, memory, or a loaded template). */
export async function openPglite(client: PGlite, migrationsFolder: string): Promise<DatabaseHandle> {
  await client.waitReady;
  const watch = createWriteWatch();
  watchPglite(client, watch);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    dialect: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    exclusively: (work) => work(),
    ping: () => ping(db),
    onCommittedWrite: (listener) => watch.listen(listener),
    close: () => client.close(),
  };
}

/**
 * Runs `work` holding the PostgreSQL advisory lock `name`: a session lock, taken on a connection of
 * its own so that `work` may use the pool freely, and waited for while another process holds it.
 */
async function holdingLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
    return await work();
  } finally {
    // The connection is closed rather than returned: its session ends, which releases the lock
    // however the work ended (and a connection that failed is never reused).
    client.release(true);
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Where drizzle-kit writes the migrations, relative to the api package root. */
export function migrationsFolderOf(apiRoot: string): string {
  return path.join(apiRoot, 'src', 'db', 'migrations');
}
