// `npm run bench`: speed and memory targets for the API, measured on a real (embedded) database
// holding the demo organisation. Prints each measurement against its target; exits 1 when one
// misses, so a regression is visible without timed assertions in the test suites.
//
// Parts, in order: `pages` (the public pages below and resident memory, on the demo), `reports`
// (every report on the demo with its three-year history, bench/reports.ts), `geocode` (needs
// PostgreSQL, bench/geocode-search.ts), `durability` (bench/durability.ts) and `load` (the API
// server under autocannon on PGlite and PostgreSQL against ceilings of the same run, writing
// bench/results.json: bench/load.ts). Run some of them with `npm run bench -- --only load` (a
// comma-separated list of parts). `--allow-miss` measures and prints everything but exits 0 on a
// missed target (a wrong answer still exits 1); `--large` runs only the load measurements on the
// large PostgreSQL database (`npm run bench:data`), exiting 2 when it is missing (with
// `--only reports`, every report there against 2 s). `--profile <route>`
// profiles one load route on PostgreSQL (bench/profile.ts). `--rows a,b` and `--databases postgres`
// narrow the load part to some rows or one database, a diagnostic run that prints its table but
// leaves bench/results.json as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { migrationsFolderOf, openDatabase } from '../src/db/client.js';
import { organisationHosts } from '../src/db/schema/index.js';
import { DEMO_HOSTS, seedDemo } from '../src/db/seed/demo.js';
import { seedReferenceData } from '../src/db/seed/reference-data.js';
import { collectGarbage } from '../src/test/collect-garbage.js';
import { runDurabilityBench } from './durability.js';
import { runGeocodeBench } from './geocode-search.js';
import { LARGE_DATABASE, postgresAdmin, runLargeLoadBench, runLoadBench, urlOf, type Dialect } from './load.js';
import { runProfileBench } from './profile.js';

const PARTS = ['pages', 'reports', 'geocode', 'durability', 'load'] as const;
type Part = (typeof PARTS)[number];

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string' },
    large: { type: 'boolean', default: false },
    profile: { type: 'string' },
    rows: { type: 'string' },
    databases: { type: 'string' },
    'allow-miss': { type: 'boolean', default: false },
  },
});

/** The parts `--only` names (every part without it). */
function partsToRun(): ReadonlySet<Part> {
  const values = flags;
  if (values.only === undefined) {
    return new Set(PARTS);
  }
  const named = values.only.split(',').map((part) => part.trim());
  const unknown = named.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0) {
    throw new Error(`--only takes ${PARTS.join(', ')}; not ${unknown.join(', ')}`);
  }
  return new Set(named as Part[]);
}

/** A comma-separated flag as a list, or undefined when it was not given. */
function listFlag(value: string | undefined): string[] | undefined {
  return value?.split(',').map((item) => item.trim()).filter((item) => item !== '');
}

/** `--databases pglite,postgres`: the load part's databases (both when absent). */
function dialectsFlag(): Dialect[] | undefined {
  const named = listFlag(flags.databases);
  const unknown = named?.filter((name) => name !== 'pglite' && name !== 'postgres') ?? [];
  if (unknown.length > 0) {
    throw new Error(`--databases takes pglite, postgres; not ${unknown.join(', ')}`);
  }
  return named as Dialect[] | undefined;
}

type Target = { name: string; url: string; requests: number; p95Ms: number };

// Targets on the project's 2-core machine with the embedded database; measured with the machine
// under load: application form p50 37 ms / p95 72 ms, opportunity p95 13 ms, organisation p95 5 ms.

const targets: Target[] = [
  {
    name: 'application form (beach-clean, every step type)',
    url: '/api/opportunities/beach-clean/application-form/',
    requests: 300,
    p95Ms: 100,
  },
  { name: 'opportunity', url: '/api/opportunities/beach-clean', requests: 300, p95Ms: 25 },
  { name: 'organisation detail', url: '/api/organisation/detailed/', requests: 300, p95Ms: 15 },
];
/**
 * Resident memory after the page targets, embedded database included (PGlite's WebAssembly heap
 * is most of it: about 620 MB measured on the 2-core machine); taken before the reports part
 * loads the demo's history.
 */
const maxRssMb = 768;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A full garbage collection, then a moment for the freed memory to go back to the system (off the main thread). */
async function settleMemory(): Promise<void> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Times the page targets, then checks resident memory; answers false when one misses. */
async function runPageTargets(app: Awaited<ReturnType<typeof buildApp>>): Promise<boolean> {
  let failed = false;
  for (const target of targets) {
    // Warm-up: JIT, query plans, connection.
    for (let i = 0; i < 20; i += 1) {
      await app.inject({ url: target.url, headers: { host: 'localhost' } });
    }
    const times: number[] = [];
    for (let i = 0; i < target.requests; i += 1) {
      const start = performance.now();
      const response = await app.inject({ url: target.url, headers: { host: 'localhost' } });
      times.push(performance.now() - start);
      if (response.statusCode !== 200) {
        throw new Error(`${target.url} answered ${response.statusCode}`);
      }
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const ok = p95 <= target.p95Ms;
    failed ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'MISS'} ${target.name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target p95 <= ${target.p95Ms} ms, ${target.requests} requests)`,
    );
  }
  // After a full collection: what the process holds, not garbage the collector has yet to reach.
  // Without it the figure moved between about 530 and 870 MB from run to run with the moment of
  // the next major collection (PGlite's start-up leaves about 300 MB to give back).
  await settleMemory();
  const rssMb = process.memoryUsage().rss / 1024 / 1024;
  const memoryOk = rssMb <= maxRssMb;
  failed ||= !memoryOk;
  console.log(
    `${memoryOk ? 'ok  ' : 'MISS'} resident memory: ${rssMb.toFixed(0)} MB (target <= ${maxRssMb} MB)`,
  );
  return !failed;
}

/**
 * Every report on the large data set, in this process on its PostgreSQL database (left as it is,
 * but for the reader account the timing signs in with). Answers the exit code: 2 when the
 * database is missing, 1 when a report does not answer 200 or (unless `allowMiss`) misses 2 s.
 */
async function runLargeReportsBench(allowMiss: boolean): Promise<number> {
  const admin = await postgresAdmin();
  if (typeof admin === 'string') {
    console.log(`--large needs PostgreSQL: ${admin}`);
    return 2;
  }
  const found = await admin.query('select 1 from pg_database where datname = $1', [LARGE_DATABASE]);
  await admin.end();
  if (found.rowCount === 0) {
    console.log(
      `--large: the database ${LARGE_DATABASE} does not exist; fill it first with npm run bench:data`,
    );
    return 2;
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webDist: '/nonexistent' });
  const database = await openDatabase({
    databaseUrl: urlOf(LARGE_DATABASE),
    migrationsFolder: migrationsFolderOf(config.apiRoot),
  });
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    const [host] = await database.db
      .select({ organisationId: organisationHosts.organisationId })
      .from(organisationHosts)
      .where(eq(organisationHosts.host, DEMO_HOSTS[0]));
    if (!host) {
      console.log(`--large: ${LARGE_DATABASE} has no demo organisation`);
      return 2;
    }
    const { LARGE_REPORTS_BENCH, runReportsBench } = await import('./reports.js');
    return (await runReportsBench(app, host.organisationId, DEMO_HOSTS[0], LARGE_REPORTS_BENCH, allowMiss))
      ? 0
      : 1;
  } finally {
    await app.close();
    await database.close();
  }
}

async function main(): Promise<void> {
  const allowMiss = flags['allow-miss'];
  if (flags.large) {
    // Alone, the load part; `--only reports` (or `load,reports`) times the reports there as well.
    const largeParts = flags.only === undefined ? new Set<Part>(['load']) : partsToRun();
    let code = 0;
    if (largeParts.has('reports')) {
      code = Math.max(code, await runLargeReportsBench(allowMiss));
    }
    if (largeParts.has('load')) {
      code = Math.max(code, await runLargeLoadBench({ allowMiss }));
    }
    process.exit(code);
  }
  if (flags.profile !== undefined) {
    process.exit(await runProfileBench(flags.profile));
  }
  const parts = partsToRun();
  let failed = false;
  if (parts.has('pages') || parts.has('reports')) {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webDist: '/nonexistent' });
    const database = await openDatabase({
      dataDir: 'memory',
      migrationsFolder: migrationsFolderOf(config.apiRoot),
    });
    await database.migrate();
    await seedReferenceData(database.db);
    const demo = await seedDemo(database.db);
    const app = await buildApp({ config, database });
    await app.ready();
    if (parts.has('pages')) {
      const pagesOk = await runPageTargets(app);
      failed ||= !pagesOk;
    }
    if (parts.has('reports')) {
      // After the pages (their targets and the memory figure are for the demo without its
      // history, and its code is loaded only now): the same database gets the three years
      // that the reports are timed on.
      const { seedDemoHistory } = await import('../src/db/seed/history.js');
      const { runReportsBench } = await import('./reports.js');
      // The hub documents' files of a history held in memory: a scratch directory, gone after it.
      const filesDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-bench-files-'));
      const history = await seedDemoHistory(database.db, {
        organisationId: demo.organisationId,
        filesDirectory,
      }).finally(() => fs.rmSync(filesDirectory, { recursive: true, force: true }));
      const rows = Object.values(history.rows).reduce((sum, count) => sum + count, 0);
      console.log(`\nDemo history seeded: ${rows} rows in ${(history.ms / 1000).toFixed(1)} s.`);
      const reportsOk = await runReportsBench(app, demo.organisationId, DEMO_HOSTS[0], undefined, allowMiss);
      failed ||= !reportsOk;
    }
    await app.close();
    await database.close();
  }
  if (parts.has('geocode')) {
    // The address search over a million rows, on PostgreSQL (bench/geocode-search.ts).
    const geocodeOk = await runGeocodeBench();
    failed ||= !geocodeOk;
  }
  if (parts.has('durability')) {
    // The price of fsync on the embedded database (bench/durability.ts).
    const durabilityOk = await runDurabilityBench();
    failed ||= !durabilityOk;
  }
  if (parts.has('load')) {
    // Last: it starts its own servers, and runs for minutes (bench/load.ts).
    const loadOk = await runLoadBench({ allowMiss, rows: listFlag(flags.rows), dialects: dialectsFlag() });
    failed ||= !loadOk;
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
