import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../client.js';
import { addresses } from '../schema/index.js';

/*
 * The OpenAddresses CSV importer behind `npm run import:addresses -- FILE.csv` (docs/addresses.md).
 * Layout: a header row naming LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH in
 * any order (case does not matter, other columns are ignored), then one address per row.
 */

/** A row of the gazetteer as written (its generated columns are the database's). */
export type AddressInsert = typeof addresses.$inferInsert;

/** Columns every file must have; the others may be missing or empty. */
const REQUIRED_COLUMNS = ['STREET', 'POSTCODE'] as const;
const KNOWN_COLUMNS = [
  'LON',
  'LAT',
  'NUMBER',
  'STREET',
  'UNIT',
  'CITY',
  'DISTRICT',
  'REGION',
  'POSTCODE',
  'ID',
  'HASH',
] as const;
type Column = (typeof KNOWN_COLUMNS)[number];

/** Longest value kept in any text column: longer ones are not addresses (a broken row). */
const MAX_FIELD_LENGTH = 120;
/** Rows written per statement and per transaction. */
export const IMPORT_BATCH_SIZE = 1000;
/** Bad rows described one by one in the report; beyond this only counted. */
const MAX_REPORTED_PROBLEMS = 20;

/** A row that was not imported, and why. */
export type ImportProblem = { line: number; reason: string };

export type ImportReport = {
  /** Rows read (header excluded). */
  rows: number;
  /** New addresses. */
  inserted: number;
  /** Addresses already imported from this source whose values changed. */
  updated: number;
  /** Addresses already imported with the same values. */
  unchanged: number;
  /** Rows skipped as bad. */
  skipped: number;
  /** Rows repeating the key of a later row close by in the file (the later one is kept). */
  duplicates: number;
  /** The first bad rows, with their line numbers (1 is the header). */
  problems: ImportProblem[];
};

export type ImportOptions = {
  /** The data set's name in `addresses.source`; with HASH/ID it makes each row's stable key. */
  source: string;
  /** Country name written on every row (OpenAddresses files are one country each). */
  country: string;
  batchSize?: number;
  /** Told after each batch is committed. */
  onProgress?: (report: ImportReport) => void;
};

function clean(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Parses a coordinate; `undefined` when present but not a number in range. */
function coordinate(value: string | undefined, limit: number): number | null | undefined {
  const text = clean(value);
  if (text === null) {
    return null;
  }
  const number = Number(text);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : undefined;
}

/** Reads one CSV record into a row, or answers why it is bad. */
export function readAddressRecord(
  record: readonly string[],
  columns: ReadonlyMap<Column, number>,
  options: Pick<ImportOptions, 'source' | 'country'>,
): { row: AddressInsert } | { reason: string } {
  const field = (name: Column): string | null => {
    const index = columns.get(name);
    return index === undefined ? null : clean(record[index]);
  };
  const street = field('STREET');
  const postcode = field('POSTCODE');
  if (!street) {
    return { reason: 'STREET is empty' };
  }
  if (!postcode) {
    return { reason: 'POSTCODE is empty' };
  }
  const texts = {
    number: field('NUMBER'),
    unit: field('UNIT'),
    city: field('CITY'),
    district: field('DISTRICT'),
    region: field('REGION'),
  };
  const tooLong = Object.entries({ STREET: street, POSTCODE: postcode, ...texts }).find(
    ([, value]) => (value?.length ?? 0) > MAX_FIELD_LENGTH,
  );
  if (tooLong) {
    return { reason: `${tooLong[0].toUpperCase()} is longer than ${MAX_FIELD_LENGTH} characters` };
  }
  const longitude = coordinate(record[columns.get('LON') ?? -1], 180);
  const latitude = coordinate(record[columns.get('LAT') ?? -1], 90);
  if (longitude === undefined || latitude === undefined) {
    return { reason: 'LON or LAT is not a coordinate' };
  }
  // OpenAddresses HASH identifies a row's content; ID, when the source has one, the address.
  // Without either, the row's own text is its key (the same row imported again is the same address).
  const sourceKey =
    field('HASH') ??
    field('ID') ??
    createHash('sha256')
      .update(JSON.stringify([texts.unit, texts.number, street, texts.city, postcode]))
      .digest('hex')
      .slice(0, 32);
  return {
    row: {
      source: options.source,
      sourceKey,
      company: null,
      unit: texts.unit,
      number: texts.number,
      street,
      city: texts.city,
      district: texts.district,
      region: texts.region,
      postcode,
      country: options.country,
      longitude,
      latitude,
    },
  };
}

/**
 * Inserts or updates rows by their stable key (`source`, `source_key`): importing the same file
 * twice changes nothing. Rows whose values did not change are not rewritten. Within one call a
 * key must appear once (the caller keeps the last of duplicates).
 */
export async function upsertAddresses(
  db: Executor,
  rows: readonly AddressInsert[],
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  if (rows.length === 0) {
    return { inserted: 0, updated: 0, unchanged: 0 };
  }
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const written = await db
    .insert(addresses)
    .values([...rows])
    .onConflictDoUpdate({
      target: [addresses.source, addresses.sourceKey],
      set: {
        company: excluded('company'),
        unit: excluded('unit'),
        number: excluded('number'),
        street: excluded('street'),
        city: excluded('city'),
        district: excluded('district'),
        region: excluded('region'),
        postcode: excluded('postcode'),
        country: excluded('country'),
        longitude: excluded('longitude'),
        latitude: excluded('latitude'),
      },
      setWhere: sql`(${addresses.company}, ${addresses.unit}, ${addresses.number}, ${addresses.street}, ${addresses.city}, ${addresses.district}, ${addresses.region}, ${addresses.postcode}, ${addresses.country}, ${addresses.longitude}, ${addresses.latitude})
        is distinct from (excluded.company, excluded.unit, excluded.number, excluded.street, excluded.city, excluded.district, excluded.region, excluded.postcode, excluded.country, excluded.longitude, excluded.latitude)`,
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = written.filter((row) => row.inserted).length;
  return { inserted, updated: written.length - inserted, unchanged: rows.length - written.length };
}

/**
 * Streams an OpenAddresses CSV into `addresses`, `batchSize` rows per transaction, so a failure
 * keeps every batch before it and a second run picks up where the first stopped (the key makes
 * it idempotent). Bad rows (no street or postcode, a bad coordinate, the wrong number of fields,
 * broken quoting) are skipped and reported; a file without the required columns is refused.
 */
export async function importAddresses(
  db: Database,
  input: Readable,
  options: ImportOptions,
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const report: ImportReport = {
    rows: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    duplicates: 0,
    problems: [],
  };
  const problem = (line: number, reason: string) => {
    report.skipped += 1;
    if (report.problems.length < MAX_REPORTED_PROBLEMS) {
      report.problems.push({ line, reason });
    }
  };
  const parser = input.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      info: true,
    }),
  );
  parser.on('skip', (error: { lines?: number; message: string }) => {
    report.rows += 1;
    problem(error.lines ?? 0, `unreadable CSV: ${error.message}`);
  });

  let columns: Map<Column, number> | null = null;
  let headerLength = 0;
  // The last row of each key wins within a batch (one statement cannot update a row twice).
  let batch = new Map<string, AddressInsert>();
  const flush = async () => {
    if (batch.size === 0) {
      return;
    }
    const rows = [...batch.values()];
    batch = new Map();
    const counts = await db.transaction((tx) => upsertAddresses(tx, rows));
    report.inserted += counts.inserted;
    report.updated += counts.updated;
    report.unchanged += counts.unchanged;
    options.onProgress?.(report);
  };

  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    if (!columns) {
      columns = readHeader(record);
      headerLength = record.length;
      continue;
    }
    report.rows += 1;
    if (record.length !== headerLength) {
      problem(info.lines, `${record.length} fields where the header has ${headerLength}`);
      continue;
    }
    const read = readAddressRecord(record, columns, options);
    if ('reason' in read) {
      problem(info.lines, read.reason);
      continue;
    }
    if (batch.has(read.row.sourceKey)) {
      report.duplicates += 1;
    }
    batch.set(read.row.sourceKey, read.row);
    if (batch.size >= batchSize) {
      await flush();
    }
  }
  if (!columns) {
    throw new Error('The file is empty: expected an OpenAddresses header row (LON,LAT,NUMBER,STREET,…).');
  }
  await flush();
  // Unreadable records are reported as the parser meets them, ahead of the rows still queued.
  report.problems.sort((a, b) => a.line - b.line);
  return report;
}

/** Column positions by name; throws when a required column is missing. */
function readHeader(record: readonly string[]): Map<Column, number> {
  const columns = new Map<Column, number>();
  record.forEach((name, index) => {
    const upper = name.trim().toUpperCase();
    const known = KNOWN_COLUMNS.find((column) => column === upper);
    if (known && !columns.has(known)) {
      columns.set(known, index);
    }
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.has(column));
  if (missing.length > 0) {
    throw new Error(
      `The header has no ${missing.join(' or ')} column: expected the OpenAddresses layout ${KNOWN_COLUMNS.join(',')}.`,
    );
  }
  return columns;
}
