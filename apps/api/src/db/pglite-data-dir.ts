import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { durablePgliteOptions } from './durable-node-fs.js';

/** The file PostgreSQL's initdb writes into a data directory; PGlite starts on a directory that has it. */
const VERSION_FILE = 'PG_VERSION';

/** Names a PostgreSQL data directory holds at its top (what an interrupted set-up may have left). */
const CLUSTER_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+|postgresql(\.auto)?\.conf|postmaster\.(pid|opts))$/;

/** The sibling directory a new embedded database is set up in before it is moved into place. */
export function stagingDirOf(dataDir: string): string {
  return path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.initialising`);
}

/**
 * Makes sure `dataDir` holds a complete embedded database, creating it on first use. PGlite
 * writes a new database file by file straight into its directory, so a process killed during
 * that left a directory that can never start (issue 10: PG_VERSION is written near the end, and
 * with it PGlite takes the directory for a database). Here the database is created and shut
 * down in a sibling directory, flushed to the disk, and only then renamed into place: `dataDir`
 * is either absent or whole. A staging directory left by a killed first start is removed.
 */
export async function ensurePgliteDataDir(dataDir: string): Promise<void> {
  if (fs.existsSync(path.join(dataDir, VERSION_FILE))) {
    return;
  }
  clearUnstartedDir(dataDir);
  const staging = stagingDirOf(dataDir);
  fs.rmSync(staging, { recursive: true, force: true });
  const client = new PGlite(durablePgliteOptions(staging));
  await client.waitReady;
  await client.close();
  fsyncTree(staging);
  fs.renameSync(staging, dataDir);
  fsyncPath(path.dirname(dataDir));
}

/**
 * A `dataDir` without PG_VERSION was never started by PGlite, so it holds no data: an empty
 * directory, or what an interrupted set-up of an earlier version left, is removed. Anything
 * else there is not ours to delete.
 */
function clearUnstartedDir(dataDir: string): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return;
    }
    throw error;
  }
  const foreign = entries.filter((entry) => !CLUSTER_ENTRY.test(entry));
  if (foreign.length > 0) {
    throw new Error(
      `The database directory ${dataDir} holds files but no database (${foreign.slice(0, 3).join(', ')}). ` +
        'Point DATA_DIR at an empty or new directory.',
    );
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** fsync(2) every file and directory under `dir`, so that the rename publishes data that is on the disk. */
function fsyncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      fsyncTree(full);
    } else if (entry.isFile()) {
      fsyncPath(full);
    }
  }
  fsyncPath(dir);
}

function fsyncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
