import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { addresses } from '../../db/schema/index.js';

/*
 * The built-in finder's queries over `addresses`: global reference data (a gazetteer), so no
 * organisation scope. Every query is bounded by a limit and served by an index (see the table's
 * comment in db/schema/geocode.ts); `npm run bench` measures them over a million rows.
 */

/** One gazetteer row, as the finder needs it. */
export type AddressRow = {
  id: number;
  company: string | null;
  unit: string | null;
  number: string | null;
  street: string;
  city: string | null;
  district: string | null;
  region: string | null;
  postcode: string;
  country: string;
  streetKey: string;
};

/** A postcode and what it holds: how many addresses, and a street and town to name it by. */
export type PostcodeSummary = {
  postcodeKey: string;
  postcode: string;
  total: number;
  street: string;
  city: string | null;
  /** The lowest address id in it: the address itself when `total` is 1. */
  firstId: number;
};

const rowColumns = {
  id: addresses.id,
  company: addresses.company,
  unit: addresses.unit,
  number: addresses.number,
  street: addresses.street,
  city: addresses.city,
  district: addresses.district,
  region: addresses.region,
  postcode: addresses.postcode,
  country: addresses.country,
  streetKey: addresses.streetKey,
};

/** The address with this id, or null. */
export async function findAddress(db: Executor, id: number): Promise<AddressRow | null> {
  const [row] = await db.select(rowColumns).from(addresses).where(eq(addresses.id, id)).limit(1);
  return row ?? null;
}

/** The addresses with these ids (any order). */
export async function findAddresses(db: Executor, ids: readonly number[]): Promise<AddressRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select(rowColumns)
    .from(addresses)
    .where(inArray(addresses.id, [...ids]));
}

/** Up to `limit` addresses of one postcode (by its key: upper case, no spaces). */
export async function listPostcodeAddresses(
  db: Executor,
  postcodeKey: string,
  limit: number,
): Promise<AddressRow[]> {
  return db
    .select(rowColumns)
    .from(addresses)
    .where(eq(addresses.postcodeKey, postcodeKey))
    .orderBy(asc(addresses.id))
    .limit(limit);
}

/** Up to `limit` addresses of one street (by its key: `street|town`, lower case). */
export async function listStreetAddresses(
  db: Executor,
  streetKey: string,
  limit: number,
): Promise<AddressRow[]> {
  return db
    .select(rowColumns)
    .from(addresses)
    .where(eq(addresses.streetKey, streetKey))
    .orderBy(asc(addresses.id))
    .limit(limit);
}

/**
 * The first `limit` distinct postcodes whose key starts with `prefix` (upper case letters and
 * digits only), in key order, each with its count. A skip scan: each step of the recursive query
 * is one probe of the `text_pattern_ops` index for the next larger key, so the cost grows with
 * the postcodes answered, not with the addresses under the prefix. With `outwardLength`, only
 * postcodes whose outward code has that length (the applicant typed the space: "BS1 4" is not BS14).
 */
export async function summarisePostcodes(
  db: Executor,
  prefix: string,
  outwardLength: number | null,
  limit: number,
): Promise<PostcodeSummary[]> {
  const low = prefix;
  // The smallest string above every key starting with the prefix: the last character plus one.
  const high = `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;
  const outward = outwardLength === null ? sql`true` : sql`length(postcode_key) - 3 = ${outwardLength}::int`;
  const result = await db.execute(sql`
    with recursive keys(key) as (
      (select postcode_key from addresses
        where postcode_key ~>=~ ${low} and postcode_key ~<~ ${high} and ${outward}
        order by postcode_key using ~<~ limit 1)
      union all
      select (select a.postcode_key from addresses a
          where a.postcode_key ~>~ keys.key and a.postcode_key ~<~ ${high} and ${outward}
          order by a.postcode_key using ~<~ limit 1)
        from keys where keys.key is not null
    )
    select k.key as postcode_key, s.postcode, s.total, s.street, s.city, s.first_id
    from (select key from keys where key is not null limit ${limit}::int) k
    cross join lateral (
      select min(a.postcode) as postcode, count(*)::int as total, min(a.street) as street,
        min(a.city) as city, min(a.id) as first_id
      from addresses a where a.postcode_key = k.key
    ) s
    order by k.key using ~<~
  `);
  // Both drivers answer `{rows}`; the shared Database type leaves the result untyped.
  return (result as { rows: PostcodeSummaryRow[] }).rows.map((row) => ({
    postcodeKey: row.postcode_key,
    postcode: row.postcode,
    total: Number(row.total),
    street: row.street,
    city: row.city,
    firstId: Number(row.first_id),
  }));
}

type PostcodeSummaryRow = {
  postcode_key: string;
  postcode: string;
  total: number | string;
  street: string;
  city: string | null;
  first_id: number | string;
};

/** The postcodes of one street, in key order, each with its count (at most `limit`). */
export async function summariseStreetPostcodes(
  db: Executor,
  streetKey: string,
  limit: number,
): Promise<PostcodeSummary[]> {
  const rows = await db
    .select({
      postcodeKey: addresses.postcodeKey,
      postcode: sql<string>`min(${addresses.postcode})`,
      total: sql<number>`count(*)::int`,
      street: sql<string>`min(${addresses.street})`,
      city: sql<string | null>`min(${addresses.city})`,
      firstId: sql<number>`min(${addresses.id})`,
    })
    .from(addresses)
    .where(eq(addresses.streetKey, streetKey))
    .groupBy(addresses.postcodeKey)
    .orderBy(asc(addresses.postcodeKey))
    .limit(limit);
  return rows.map((row) => ({ ...row, total: Number(row.total), firstId: Number(row.firstId) }));
}

/** Streets among the matches of a text search, with how many of the matches each holds. */
export type TextMatchGroup = {
  streetKey: string;
  /** Matches in this street (within the sample). */
  matches: number;
  /** Their ids, lowest first. */
  ids: number[];
  /** Addresses in the whole street, and its name and town (counted only when `matches` > 1). */
  streetTotal: number;
  street: string | null;
  city: string | null;
};

/**
 * Up to `sample` addresses matching a full-text query (a `to_tsquery` text of the `simple`
 * configuration, made of words only: see search-text.ts), grouped by street, the streets with
 * most matches first (at most `limit` of them), with the number of matches in the sample. The GIN
 * index finds the matches; one statement answers everything but the addresses themselves.
 */
export async function groupTextMatches(
  db: Executor,
  tsquery: string,
  sample: number,
  limit: number,
): Promise<{ total: number; groups: TextMatchGroup[] }> {
  const result = await db.execute(sql`
    with matches as (
      select id, street_key from addresses
      where search @@ to_tsquery('simple', ${tsquery})
      limit ${sample}::int
    ),
    groups as (
      select street_key, count(*)::int as matches, array_agg(id order by id) as ids,
        (sum(count(*)) over ())::int as total
      from matches
      group by street_key
      order by matches desc, street_key
      limit ${limit}::int
    )
    select g.street_key, g.matches, g.ids, g.total, s.street_total, s.street, s.city
    from groups g
    cross join lateral (
      select count(*)::int as street_total, min(a.street) as street, min(a.city) as city
      from addresses a where g.matches > 1 and a.street_key = g.street_key
    ) s
    order by g.matches desc, g.street_key
  `);
  // Both drivers answer `{rows}`; the shared Database type leaves the result untyped.
  const rows = (result as { rows: TextMatchRow[] }).rows;
  return {
    total: Number(rows[0]?.total ?? 0),
    groups: rows.map((row) => ({
      streetKey: row.street_key,
      matches: Number(row.matches),
      ids: row.ids.map(Number),
      streetTotal: Number(row.street_total),
      street: row.street,
      city: row.city,
    })),
  };
}

type TextMatchRow = {
  street_key: string;
  matches: number | string;
  ids: Array<number | string>;
  total: number | string;
  street_total: number | string;
  street: string | null;
  city: string | null;
};
