import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../test/template.js';
import { openDatabase } from './client.js';
import { organisations } from './schema/index.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-restart-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database', () => {
  // Every migration on a disk database with fsync on: about 18 s on an idle 2-core machine.
  it(
    'is created on first start and keeps its data across a restart, migrations and all',
    { timeout: 120_000 },
    async () => {
      const dir = path.join(dataDir, 'db');
      const first = await openDatabase({ dataDir: dir, migrationsFolder: migrationsFolder() });
      await first.migrate();
      const [created] = await first.db.insert(organisations).values({ name: 'Kept Trust' }).returning();
      await first.close();
      expect(fs.existsSync(dir)).toBe(true);

      const second = await openDatabase({ dataDir: dir, migrationsFolder: migrationsFolder() });
      // Applying the migrations again on start is a no-op for a database that has them.
      await second.migrate();
      const rows = await second.db
        .select()
        .from(organisations)
        .where(eq(organisations.id, created?.id ?? -1));
      expect(rows.map((row) => row.name)).toEqual(['Kept Trust']);
      await second.close();
    },
  );
});
