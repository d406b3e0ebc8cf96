import { sql, type SQL } from 'drizzle-orm';
import { customType, doublePrecision, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** PostgreSQL's `tsvector` (drizzle has no built-in column for it); only ever written by the database. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** Where the demo seed's addresses come from (`addresses.source`). */
export const DEMO_ADDRESS_SOURCE = 'demo';

/**
 * The built-in address finder's gazetteer (applicant-flow §2.4): global reference data, shared by
 * every organisation and owned by none, like the country list. Filled by `npm run import:addresses`
 * from OpenAddresses CSV files and by the demo seed; docs/addresses.md.
 *
 * Searched two ways, both with core PostgreSQL only (PGlite has no extensions such as pg_trgm):
 * - by postcode: `postcode_key` (upper case, no spaces) under a `text_pattern_ops` btree, so a
 *   prefix (`LIKE 'BS14%'`) and the skip scan over distinct postcodes are index range scans;
 * - by free text: `search`, a generated `tsvector` (the `simple` configuration: no stemming, no
 *   stop words, so house numbers and street names stay as written) under a GIN index, queried
 *   with prefix `tsquery` terms (`10 & high & st:*`). Punctuation becomes spaces first, as the
 *   query side splits words, so that `Mill/Back Lane` or `St. Mary's` are words, not a file path
 *   or an abbreviation token of the parser.
 * `street_key` groups a street within its town for the street containers.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial().primaryKey(),
    /** The data set a row came from: `demo`, or the import's `--source` (default `openaddresses`). */
    source: text().notNull(),
    /** The row's stable id within its source (OpenAddresses HASH, else ID): re-imports update, never duplicate. */
    sourceKey: text().notNull(),
    /** Organisation or building name, when there is one. */
    company: text(),
    /** Flat, unit or sub-building (OpenAddresses UNIT). */
    unit: text(),
    /** House number or building name (OpenAddresses NUMBER). */
    number: text(),
    street: text().notNull(),
    /** Town or city. */
    city: text(),
    /** County or equivalent (OpenAddresses DISTRICT). */
    district: text(),
    /** State, province or nation (OpenAddresses REGION). */
    region: text(),
    /** As the source writes it; answered in the post office's format (`BS1 4DJ`). */
    postcode: text().notNull(),
    country: text().notNull().default('United Kingdom'),
    longitude: doublePrecision(),
    latitude: doublePrecision(),
    postcodeKey: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`upper(regexp_replace(${addresses.postcode}, '\\s', '', 'g'))`),
    streetKey: text()
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(${addresses.street}) || '|' || lower(coalesce(${addresses.city}, ''))`,
      ),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, regexp_replace(coalesce(${addresses.company}, '') || ' ' || coalesce(${addresses.unit}, '') || ' ' || coalesce(${addresses.number}, '') || ' ' || ${addresses.street} || ' ' || coalesce(${addresses.city}, '') || ' ' || coalesce(${addresses.district}, '') || ' ' || ${addresses.postcode} || ' ' || upper(regexp_replace(${addresses.postcode}, '\\s', '', 'g')), '[[:punct:]]+', ' ', 'g'))`,
      ),
  },
  (t) => [
    uniqueIndex('addresses_source_key_idx').on(t.source, t.sourceKey),
    index('addresses_postcode_key_idx').using('btree', t.postcodeKey.op('text_pattern_ops')),
    index('addresses_street_key_idx').on(t.streetKey),
    index('addresses_search_idx').using('gin', t.search),
  ],
);
