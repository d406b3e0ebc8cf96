import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/context.js';
import { migrationsFolder } from '../../test/template.js';
import type { DatabaseHandle } from '../client.js';
import { addresses } from './index.js';

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop?.());

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe('the addresses table (squashed migration)', () => {
  it('is created by the single initial migration', () => {
    const folder = migrationsFolder();
    const sqlFiles = fs.readdirSync(folder).filter((name) => name.endsWith('.sql'));
    expect(sqlFiles).toEqual(['0000_init.sql']);
    const init = fs.readFileSync(path.join(folder, '0000_init.sql'), 'utf8');
    expect(init).toContain('CREATE TABLE "addresses"');
    expect(init).toContain('USING btree ("postcode_key" text_pattern_ops)');
    expect(init).toContain('USING gin ("search")');
  });

  it('has its indexes: the stable key, postcode prefixes, streets and full text', async () => {
    const indexes = rowsOf<{ indexname: string; indexdef: string }>(
      await database.db.execute(
        sql`select indexname, indexdef from pg_indexes where tablename = 'addresses' order by indexname`,
      ),
    );
    expect(
      Object.fromEntries(indexes.map((index) => [index.indexname, index.indexdef.replace(/^.* USING /, '')])),
    ).toEqual({
      addresses_pkey: 'btree (id)',
      addresses_postcode_key_idx: 'btree (postcode_key text_pattern_ops)',
      addresses_search_idx: 'gin (search)',
      addresses_source_key_idx: 'btree (source, source_key)',
      addresses_street_key_idx: 'btree (street_key)',
    });
  });

  it('computes the postcode key, the street key and the search vector', async () => {
    const [row] = await database.db
      .insert(addresses)
      .values({
        source: 'test',
        sourceKey: 'k1',
        number: '10',
        street: 'High Street',
        city: 'Bristol',
        postcode: ' bs1 4dj ',
      })
      .returning();
    expect(row).toMatchObject({
      postcodeKey: 'BS14DJ',
      streetKey: 'high street|bristol',
      country: 'United Kingdom',
    });
    expect(
      row?.search
        .split(' ')
        .map((lexeme) => lexeme.replace(/:.*$/, ''))
        .sort(),
    ).toEqual(["'10'", "'4dj'", "'bristol'", "'bs1'", "'bs14dj'", "'high'", "'street'"]);
    await database.db
      .update(addresses)
      .set({ city: 'Bath' })
      .where(eq(addresses.id, row?.id ?? -1));
    const [updated] = await database.db
      .select()
      .from(addresses)
      .where(eq(addresses.id, row?.id ?? -1));
    expect(updated?.streetKey).toBe('high street|bath');
  });

  it('refuses a second row with the same source and key', async () => {
    await expect(
      database.db
        .insert(addresses)
        .values({ source: 'test', sourceKey: 'k1', street: 'Other Street', postcode: 'BS1 1AA' }),
    ).rejects.toThrow();
  });

  it('serves postcode prefixes and words from its indexes', async () => {
    const plan = await database.db.transaction(async (tx) => {
      // The table is tiny; forbid sequential scans to see which index each query can use.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (query: ReturnType<typeof sql>) =>
        rowsOf<Record<string, string>>(await tx.execute(sql`explain ${query}`))
          .map((line) => Object.values(line).join(''))
          .join('\n');
      return {
        postcode: await explain(
          sql`select postcode_key from addresses where postcode_key ~>=~ 'BS1' and postcode_key ~<~ 'BS2' order by postcode_key using ~<~ limit 1`,
        ),
        words: await explain(
          sql`select id from addresses where search @@ to_tsquery('simple', 'high:* & bris:*') limit 501`,
        ),
      };
    });
    expect(plan.postcode).toContain('addresses_postcode_key_idx');
    expect(plan.words).toContain('addresses_search_idx');
  });
});
