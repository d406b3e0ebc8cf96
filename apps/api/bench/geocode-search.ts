// The address finder over a national-size gazetteer (issue 8): 1,000,000 generated addresses in a
// temporary PostgreSQL database, searched by postcode and by words through the built-in provider
// (what `GET /api/geocode/retrieve/` calls, without HTTP and its per-address rate limit).
// Target: p95 under 20 ms for each kind of query. Skipped, not failed, without PostgreSQL.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import { migrationsFolderOf, openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { createBuiltInProvider } from '../src/modules/geocode/providers/built-in.js';

/** The server the temporary database is created on (`MUSTER_BENCH_DATABASE_URL` to choose another). */
const adminUrl = process.env.MUSTER_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = 1_000_000;
const P95_TARGET_MS = 20;
const REQUESTS = 300;

const STEMS = (
  'High Station Church Mill Park Victoria Queen King Manor Green School North South West Chapel ' +
  'Albert London Bridge New Main York George Grange Windsor Orchard Meadow Springfield Highfield ' +
  'Elm Oak Ash Beech Cedar Willow Holly Rose Cherry Maple Birch Hill Castle Market Water Broad Long ' +
  'Cross Richmond Stanley Alexandra Princess Nelson Wellington Clarence Cambridge Oxford Regent ' +
  'Trinity Abbey Priory Forest Woodland Heath Moor Brook Riverside Lake Valley Sandy Stone Well ' +
  'Farm Barn Coronation Jubilee Mount Grove Cliff Harbour Quay Dock Canal Lime Hazel Fern Poplar ' +
  'Laurel Chestnut Sycamore Juniper Rowan Hawthorn Primrose Bluebell Daisy Heather Ivy Lavender Fox ' +
  'Badger Kestrel'
).split(' ');
const SUFFIXES = 'Street Road Lane Avenue Close Way Drive Crescent Gardens Place'.split(' ');
const TOWNS = (
  'Bristol,Bath,London,Manchester,Leeds,Sheffield,York,Exeter,Plymouth,Cardiff,Swansea,Newport,' +
  'Gloucester,Cheltenham,Swindon,Reading,Oxford,Cambridge,Norwich,Ipswich,Brighton,Southampton,' +
  'Portsmouth,Bournemouth,Salisbury,Taunton,Truro,Birmingham,Coventry,Leicester,Nottingham,Derby,' +
  'Stoke-on-Trent,Liverpool,Chester,Preston,Lancaster,Carlisle,Newcastle upon Tyne,Durham,' +
  'Sunderland,Hull,Lincoln,Peterborough,Northampton,Bedford,Luton,Watford,Guildford,Canterbury,' +
  'Maidstone,Dover,Worcester,Hereford,Shrewsbury,Wolverhampton,Edinburgh,Glasgow,Aberdeen,Dundee'
).split(',');
const AREAS = (
  'BS BA SW SE N E W NW M LS S YO EX PL CF SA NP GL SN RG OX CB NR IP BN SO PO BH SP TA TR B CV LE ' +
  'NG DE ST L CH PR'
).split(' ');
const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'.split('');

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value}'`).join(',')}]`);

/**
 * Fills `addresses` with `rows` generated addresses: 20 to a postcode (50,000 postcodes in 40
 * areas, 25 districts, 10 sectors), about 27 to a street within its town (37,000 streets in 60
 * towns), one in ten a flat. One statement with generate_series: the data never crosses the wire.
 */
async function generateAddresses(database: DatabaseHandle, rows: number): Promise<void> {
  await database.db.execute(sql`
    insert into addresses (source, source_key, unit, number, street, city, postcode)
    select 'bench', g::text,
      case when g % 10 = 0 then 'Flat ' || (1 + g % 4) end,
      (1 + (g % 20) * 2 + (p % 2) * 40)::text,
      stems[1 + ((p / 2) % 997) % array_length(stems, 1)] || ' '
        || suffixes[1 + ((p / 2) % 997) / array_length(stems, 1) % array_length(suffixes, 1)],
      towns[1 + (a * 7 + d) % array_length(towns, 1)],
      areas[1 + a] || d::text || ' ' || s::text || letters[1 + u * 3] || letters[1 + (p / 7) % 20]
    from (
      select g, g / 20 as p, (g / 20) % 40 as a, 1 + ((g / 20 / 40) % 25) as d,
        (g / 20 / 40 / 25) % 10 as s, g / 20 / 40 / 250 as u
      from generate_series(0, ${rows - 1}::int) g
    ) numbered,
    (select ${textArray(STEMS)} as stems, ${textArray(SUFFIXES)} as suffixes, ${textArray(TOWNS)} as towns,
      ${textArray(AREAS)} as areas, ${textArray(LETTERS)} as letters) words
  `);
  await database.db.execute(sql`vacuum analyze addresses`);
}

/** What applicants type: whole and partial postcodes; words, whole and half typed. */
async function sampleQueries(database: DatabaseHandle): Promise<{ postcode: string[]; words: string[] }> {
  const sample = (
    (await database.db.execute(sql`
      select number, street, city, postcode from addresses where id % 9973 = 0 order by id limit 60
    `)) as { rows: Array<{ number: string; street: string; city: string; postcode: string }> }
  ).rows;
  const postcode: string[] = [];
  const words: string[] = [];
  for (const [index, row] of sample.entries()) {
    const [outward = '', inward = ''] = row.postcode.split(' ');
    const [stem = '', suffix = ''] = row.street.split(' ');
    postcode.push(
      [
        row.postcode,
        row.postcode.replace(' ', '').toLowerCase(),
        outward,
        `${outward} ${inward.slice(0, 1)}`,
      ][index % 4] ?? '',
    );
    words.push(
      [
        `${row.number} ${stem.toLowerCase()} ${suffix === 'Street' ? 'st' : suffix.toLowerCase()} ${row.city.slice(0, 4).toLowerCase()}`,
        `${row.street} ${row.city}`,
        row.street.toLowerCase(),
        stem.slice(0, 3).toLowerCase(),
        `${row.number} ${stem}`,
      ][index % 5] ?? '',
    );
  }
  return { postcode, words };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Runs the address search benchmark on a temporary database, created and dropped here. Answers
 * false when a target was missed; true when met or when PostgreSQL is not there (said so).
 */
export async function runGeocodeBench(): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `skip address search over ${ROWS} rows: no PostgreSQL at ${adminUrl} (${(error as Error).message})`,
    );
    return true;
  }
  const name = `muster_bench_geocode_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: DatabaseHandle | null = null;
  let ok = true;
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webDist: '/nonexistent' });
    database = await openDatabase({
      databaseUrl: url.toString(),
      migrationsFolder: migrationsFolderOf(config.apiRoot),
    });
    await database.migrate();
    const started = performance.now();
    await generateAddresses(database, ROWS);
    console.log(
      `     generated ${ROWS} addresses in PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const provider = createBuiltInProvider(database.db);
    const queries = await sampleQueries(database);
    for (const [kind, list] of Object.entries(queries)) {
      for (const query of list) {
        await provider.search(query);
      }
      const times: number[] = [];
      let answered = 0;
      for (let i = 0; i < REQUESTS; i += 1) {
        const query = list[i % list.length] ?? '';
        const start = performance.now();
        const found = await provider.search(query);
        times.push(performance.now() - start);
        answered += found.length > 0 ? 1 : 0;
      }
      if (answered < REQUESTS) {
        throw new Error(
          `${REQUESTS - answered} of the ${kind} searches found nothing: the sample queries are wrong`,
        );
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      const met = p95 <= P95_TARGET_MS;
      ok &&= met;
      console.log(
        `${met ? 'ok  ' : 'MISS'} address search by ${kind} over ${ROWS} rows (PostgreSQL): p50 ${percentile(times, 50).toFixed(1)} ms, ` +
          `p95 ${p95.toFixed(1)} ms (target p95 <= ${P95_TARGET_MS} ms, ${REQUESTS} searches of ${list.length} queries)`,
      );
    }
  } finally {
    await database?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return ok;
}
