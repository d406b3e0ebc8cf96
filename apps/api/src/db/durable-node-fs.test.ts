import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { durablePgliteOptions, memoryPgliteOptions } from './durable-node-fs.js';

// Issue 10, finding 19: the embedded database acknowledged commits that were only in the OS cache.
describe('the embedded database on disk', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // A new database on disk (initdb) with fsync on: about 12 s on an idle 2-core machine.
  it(
    'runs with fsync on and a 32 MB buffer pool, and flushes the WAL to the disk before a commit is acknowledged',
    { timeout: 120_000 },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-durable-'));
      dirs.push(dir);
      const db = new PGlite(durablePgliteOptions(path.join(dir, 'db')));
      await db.waitReady;
      try {
        const settings = await db.query<{ fsync: string }>('show fsync');
        expect(settings.rows[0]?.fsync).toBe('on');
        // Issue 13: a small buffer pool, which the WebAssembly heap holds for the process's life.
        const buffers = await db.query<{ shared_buffers: string }>('show shared_buffers');
        expect(buffers.rows[0]?.shared_buffers).toBe('24MB');
        await db.exec('create table kept (id serial primary key, body text)');

        const fsync = vi.spyOn(fs, 'fsyncSync');
        await db.query('insert into kept (body) values ($1)', ['acknowledged']);
        expect(fsync).toHaveBeenCalled();
        const synced = fsync.mock.calls.map(([fd]) => fs.readlinkSync(`/proc/self/fd/${String(fd)}`));
        expect(synced.some((file) => file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
      } finally {
        await db.close();
      }

      // And what was acknowledged is there when the directory is opened again.
      const reopened = new PGlite(durablePgliteOptions(path.join(dir, 'db')));
      try {
        const rows = await reopened.query<{ body: string }>('select body from kept');
        expect(rows.rows).toEqual([{ body: 'acknowledged' }]);
      } finally {
        await reopened.close();
      }
    },
  );

  it('gives a database in memory the same buffer pool', async () => {
    const db = new PGlite(memoryPgliteOptions());
    try {
      const buffers = await db.query<{ shared_buffers: string }>('show shared_buffers');
      expect(buffers.rows[0]?.shared_buffers).toBe('24MB');
    } finally {
      await db.close();
    }
  });
});
