import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltInProvider } from '../../modules/geocode/providers/built-in.js';
import { createTestDatabase } from '../../test/context.js';
import type { DatabaseHandle } from '../client.js';
import { addresses } from '../schema/index.js';
import { importAddresses, type ImportReport } from './addresses.js';

const fixture = path.join(import.meta.dirname, 'fixtures', 'openaddresses-sample.csv');
const apiRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const tsx = path.join(apiRoot, '..', '..', 'node_modules', '.bin', 'tsx');

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop?.());

function importText(text: string, source = 'sample', batchSize = 4): Promise<ImportReport> {
  return importAddresses(database.db, Readable.from([text]), {
    source,
    country: 'United Kingdom',
    batchSize,
  });
}

async function importFixture(source = 'sample'): Promise<ImportReport> {
  return importAddresses(database.db, fs.createReadStream(fixture), {
    source,
    country: 'United Kingdom',
    batchSize: 4,
  });
}

function sourceRows(source: string) {
  return database.db
    .select()
    .from(addresses)
    .where(eq(addresses.source, source))
    .orderBy(asc(addresses.sourceKey));
}

describe('importAddresses', () => {
  it('imports the good rows, skips and reports the bad ones, and changes nothing when run again', async () => {
    const problems = [
      { line: 9, reason: 'STREET is empty' },
      { line: 10, reason: 'POSTCODE is empty' },
      { line: 11, reason: 'LON or LAT is not a coordinate' },
      { line: 12, reason: '8 fields where the header has 11' },
      { line: 13, reason: expect.stringMatching(/^unreadable CSV: Invalid Opening Quote/) as string },
    ];
    const first = await importFixture();
    // Line 15 repeats line 3 in a later batch: already there, unchanged.
    expect(first).toEqual({
      rows: 14,
      inserted: 8,
      updated: 0,
      unchanged: 1,
      skipped: 5,
      duplicates: 0,
      problems,
    });
    const stored = await sourceRows('sample');
    expect(stored).toHaveLength(8);

    const second = await importFixture();
    expect(second).toEqual({
      rows: 14,
      inserted: 0,
      updated: 0,
      unchanged: 9,
      skipped: 5,
      duplicates: 0,
      problems,
    });
    expect(await sourceRows('sample')).toEqual(stored);
  });

  it('keys rows by HASH, else ID, else their text', async () => {
    const stored = await sourceRows('sample');
    const byKey = new Map(stored.map((row) => [row.sourceKey, row]));
    expect(byKey.get('a1b2c3d4e5f60002')).toMatchObject({
      number: '2',
      street: 'Corn Street',
      longitude: -2.5938,
    });
    expect(byKey.get('OS-778')).toMatchObject({
      number: '14',
      street: 'Gloucester Road, Upper',
      postcode: 'BS7 8AE',
    });
    const textKeyed = stored.filter((row) => /^[0-9a-f]{32}$/.test(row.sourceKey));
    expect(textKeyed.map((row) => [row.number, row.street])).toEqual([['16', 'Gloucester Road']]);
    expect(byKey.get('a1b2c3d4e5f60013')).toMatchObject({ number: '28', longitude: null, latitude: null });
    expect(byKey.get('a1b2c3d4e5f60003')).toMatchObject({
      unit: 'Flat 1',
      city: 'Bristol',
      district: 'City of Bristol',
      region: 'England',
      country: 'United Kingdom',
      source: 'sample',
    });
  });

  it('updates a row whose values changed, keeps the last of repeats in a batch, and keeps sources apart', async () => {
    const header = 'LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH\n';
    const changed = `${header}-2.5937,51.4510,1,Corn Street,,Bristol City,City of Bristol,England,BS1 1HT,,a1b2c3d4e5f60001\n`;
    expect(await importText(changed)).toMatchObject({ rows: 1, inserted: 0, updated: 1, unchanged: 0 });
    const [row] = await database.db
      .select()
      .from(addresses)
      .where(eq(addresses.sourceKey, 'a1b2c3d4e5f60001'));
    expect(row?.city).toBe('Bristol City');

    const line = '-2.6,51.5,7,Dock Lane,,Portbury,North Somerset,England,BS20 7XX,,a1b2c3d4e5f60001\n';
    const repeated = `${header}${line}${line.replace('Portbury', 'Old Portbury')}`;
    expect(await importText(repeated, 'other')).toMatchObject({ rows: 2, inserted: 1, duplicates: 1 });
    expect(await sourceRows('other')).toMatchObject([
      { sourceKey: 'a1b2c3d4e5f60001', city: 'Old Portbury' },
    ]);
    expect(await sourceRows('sample')).toHaveLength(8);
  });

  it('reads the columns by name in any order and case, ignoring others', async () => {
    const text = 'hash,postcode,street,number,city,extra\nreordered-1,BS2 0AA,Temple Way,5,Bristol,x\n';
    expect(await importText(text, 'reordered')).toMatchObject({ inserted: 1, skipped: 0 });
    expect(await sourceRows('reordered')).toMatchObject([
      {
        sourceKey: 'reordered-1',
        number: '5',
        street: 'Temple Way',
        postcode: 'BS2 0AA',
        longitude: null,
        unit: null,
      },
    ]);
  });

  it('refuses a file without the OpenAddresses header or without any row', async () => {
    await expect(importText('LON,LAT,NUMBER,STREET\n1,2,3,High Street\n')).rejects.toThrow(
      /The header has no POSTCODE column/,
    );
    await expect(importText('')).rejects.toThrow(/The file is empty/);
  });

  it('fills the built-in finder', async () => {
    const finder = createBuiltInProvider(database.db);
    expect((await finder.search('BS1 1HT')).map((suggestion) => suggestion.name)).toEqual([
      '2 Corn Street, Bristol, BS1 1HT',
      'Flat 1, 3 Corn Street, Bristol, BS1 1HT',
      'Flat 2, 3 Corn Street, Bristol, BS1 1HT',
      'Exchange Buildings, Corn Street, Bristol, BS1 1HT',
      '1 Corn Street, Bristol City, BS1 1HT',
    ]);
  });
});

describe('npm run import:addresses', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-import-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('imports a file named relative to where npm was started, with a summary of what it did', async () => {
    // A path relative to where npm was started (INIT_CWD), as `npm run import:addresses -- FILE` gives it.
    const output = await promisify(execFile)(
      tsx,
      ['src/db/import/addresses-cli.ts', path.basename(fixture)],
      {
        cwd: apiRoot,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATA_DIR: path.join(dataDir, 'db'),
          INIT_CWD: path.dirname(fixture),
        },
      },
    );
    // The progress bar goes to stderr, a line at a time when that is not a terminal.
    expect(output.stderr).toContain('Importing openaddresses-sample.csv [');
    expect(output.stderr).toContain('100% | 14 rows');
    // One batch: line 15 repeats line 3 within it.
    expect(output.stdout).toContain(
      '14 rows read into pglite: 8 new, 0 updated, 0 unchanged, 1 repeated, 5 skipped.',
    );
    expect(output.stdout).toContain('  line 9: STREET is empty');
    expect(output.stdout).toContain('  line 13: unreadable CSV: Invalid Opening Quote');
  }, 120_000);
});
