import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { migrationsFolder } from '../test/template.js';
import { openDatabase } from './client.js';
import { stagingDirOf } from './pglite-data-dir.js';
import { organisations } from './schema/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function scratchDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-data-dir-'));
  dirs.push(dir);
  return dir;
}

/**
 * A child process that opens a new embedded database and is SIGKILLed by itself the moment the
 * database's top-level PG_VERSION has been written: the point from which PGlite takes a directory
 * for a database, while the configuration files after it are not written yet.
 */
const killedFirstStart = `
import fs from 'node:fs';
import path from 'node:path';
const write = fs.writeSync;
fs.writeSync = function (fd, ...rest) {
  const written = write.call(fs, fd, ...rest);
  let file = '';
  try { file = fs.readlinkSync('/proc/self/fd/' + String(fd)); } catch {}
  // base/<oid>/PG_VERSION are written earlier; the top one comes near the end.
  if (path.basename(file) === 'PG_VERSION' && !/^\\d+$/.test(path.basename(path.dirname(file)))) {
    process.kill(process.pid, 'SIGKILL');
  }
  return written;
};
const { openDatabase } = await import('./src/db/client.ts');
await openDatabase({ dataDir: process.argv[1], migrationsFolder: process.argv[2] });
console.log('the first start was not interrupted');
`;

function runKilledFirstStart(dataDir: string): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', killedFirstStart, dataDir, migrationsFolder()],
    { cwd: loadConfig({ NODE_ENV: 'test' }).apiRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (_code, signal) => resolve({ signal, output })));
}

// Issue 10 (hard kill): PGlite wrote a new database file by file into DATA_DIR, so a first
// start killed near the end of that left a directory that could never start again.
describe('the embedded database directory', () => {
  it('still starts after the first start was killed while the database files were being written', async () => {
    const dataDir = path.join(scratchDir(), 'db');
    const killed = await runKilledFirstStart(dataDir);
    expect(killed.signal, killed.output).toBe('SIGKILL');
    // Nothing half-made is published under DATA_DIR.
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);

    const database = await openDatabase({ dataDir, migrationsFolder: migrationsFolder() });
    try {
      await database.migrate();
      const [created] = await database.db.insert(organisations).values({ name: 'After the kill' }).returning();
      const rows = await database.db.select().from(organisations).where(eq(organisations.id, created?.id ?? -1));
      expect(rows.map((row) => row.name)).toEqual(['After the kill']);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(stagingDirOf(dataDir))).toBe(false);
  }, 120_000);

  it('sets up over an empty directory or one an interrupted set-up left, and refuses one with other files', async () => {
    const parent = scratchDir();
    const empty = path.join(parent, 'empty');
    fs.mkdirSync(empty);
    const leftover = path.join(parent, 'leftover');
    fs.mkdirSync(path.join(leftover, 'base', '1'), { recursive: true });
    fs.writeFileSync(path.join(leftover, 'base', '1', '1259'), 'half a relation');
    fs.mkdirSync(path.join(leftover, 'pg_wal'));
    for (const dataDir of [empty, leftover]) {
      const database = await openDatabase({ dataDir, migrationsFolder: migrationsFolder() });
      expect(await database.ping()).toBe(true);
      await database.close();
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    }

    const foreign = path.join(parent, 'foreign');
    fs.mkdirSync(foreign);
    fs.writeFileSync(path.join(foreign, 'notes.txt'), 'not a database');
    await expect(openDatabase({ dataDir: foreign, migrationsFolder: migrationsFolder() })).rejects.toThrow(
      /holds files but no database \(notes\.txt\)/,
    );
    expect(fs.readdirSync(foreign)).toEqual(['notes.txt']);
  }, 120_000);
});
