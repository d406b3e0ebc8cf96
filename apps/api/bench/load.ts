// The load part of `npm run bench` (issue 13): the real API server, started as its own process,
// loaded with autocannon (50 connections, a warm-up, then 10 s per route), on PGlite and then on
// PostgreSQL, each route read as a ratio to a ceiling measured in the same run on the same
// database by a bare Fastify process (bench/ceilings.ts). Prints a table and writes
// bench/results.json at the repository root. `--large` measures PostgreSQL only, on the database
// `muster_bench_large` that `npm run bench:data` fills, each row paired with the same row on a
// database with only the demo, measured beside it in the same run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import getPort from 'get-port';
import pg from 'pg';
import { findPackageRoot } from '../src/config/package-root.js';
import { CEILING_KINDS, ceilingRequests, type CeilingKind } from './ceilings.js';
import { HOST, LOAD_ROUTES, type LoadRequest, type LoadRoute, type RouteContext } from './load-routes.js';
import { cpuSeconds, rssMb, sampleRss, startServer, stopServer, type ServerProcess } from './processes.js';

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARM_UP_S = 3;
const REQUEST_TIMEOUT_S = 30;
/** The issue's memory targets for the API process under load. */
const RSS_TARGET_MB = { pglite: 400, postgres: 250 } as const;
/** Each route on the large data keeps at least this share of its paired small-data req/s. */
const LARGE_TARGET = 0.8;
/** The database `npm run bench:data` fills. */
export const LARGE_DATABASE = 'muster_bench_large';
/** Every limit allows this many times more for the run (RATE_LIMIT_SCALE, refused in production). */
const RATE_LIMIT_SCALE = '1000000';

const adminUrl = process.env.MUSTER_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const apiRoot = findPackageRoot();
const repoRoot = path.resolve(apiRoot, '..', '..');
const resultsPath = path.join(repoRoot, 'bench', 'results.json');

export type Dialect = 'pglite' | 'postgres';

/** One autocannon measurement. */
type Measured = {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses other than the expected status, and connection errors and timeouts. */
  unexpected: number;
  errors: number;
  statuses: Record<string, number>;
  peakRssMb: number;
  /**
   * The server process's CPU time (all threads) per answered request, in microseconds: steadier
   * than req/s on a machine whose speed moves from run to run, for comparing two builds.
   */
  cpuUsPerRequest: number;
};

type CeilingRow = Measured & { kind: CeilingKind };

type RouteRow = Measured & {
  name: string;
  label: string;
  ceiling: CeilingKind;
  ratio: number;
  /** The row's ratio to its floor (`LoadRoute.floor`), when it has one: shown, never judged. */
  floor: { kind: CeilingKind; ratio: number } | null;
  target: number | null;
  ratioOk: boolean | null;
  rssOk: boolean;
  ok: boolean;
};

type DatabaseResult = {
  dialect: Dialect;
  database: string;
  /** The API's resident memory once the demo is loaded, before any load. */
  idleRssMb: number;
  ceilings: CeilingRow[];
  routes: RouteRow[];
};

/** How the API server is started: the built bundle when it is current, else tsx on the source. */
export type ServerCommand = { args: string[]; description: string };

/** The newest modification time under `dir` (files only), in ms. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/**
 * The Node options of `npm start` (apps/api/package.json), so that the bench measures the server
 * as it is started in use: its V8 heap limits are part of its memory figures.
 */
export function startNodeOptions(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  return (manifest.scripts?.start ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * The built server (`apps/api/dist/server.js`), built first when missing or older than the API's
 * or the contract's source; tsx on `src/server.ts` when the build fails.
 */
export function serverCommand(): ServerCommand {
  const built = path.join(apiRoot, 'dist', 'server.js');
  const sources = Math.max(
    newestMtime(path.join(apiRoot, 'src')),
    newestMtime(path.join(repoRoot, 'packages', 'contract', 'src')),
  );
  if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
    console.log('Building the API (dist is missing or older than src): npm run build -w @muster/api');
    const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@muster/api'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) {
      console.log('The build failed: the API runs from source with tsx instead.');
      return {
        args: [...startNodeOptions(), '--import', 'tsx', path.join(apiRoot, 'src', 'server.ts')],
        description: 'tsx src/server.ts',
      };
    }
  }
  const options = startNodeOptions();
  return {
    args: [...options, built],
    description: ['node', ...options, 'apps/api/dist/server.js (built)'].join(' '),
  };
}

/** The environment of every server of the run: the demo, no history, quiet, limits raised. */
export function serverEnv(database: { databaseUrl?: string; dataDir?: string }): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATA_DIR: _dir, REDIS_URL: _redis, ...inherited } = process.env;
  return {
    ...inherited,
    // Development: production refuses RATE_LIMIT_SCALE (and the demo without SEED_DEMO=demo).
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'auto',
    // The routes measured need only the demo; the history would make a PGlite start take minutes.
    SEED_HISTORY: 'never',
    MUSTER_DEV_TOOLS: '0',
    RATE_LIMIT_SCALE,
    JWT_SECRET: 'bench-only-secret-of-at-least-32-characters',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...(database.dataDir ? { DATA_DIR: database.dataDir } : {}),
  };
}

/** Runs autocannon with the bench's connections; answers the figures and the status counts. */
async function load(
  url: string,
  request: LoadRequest,
  expectedStatus: number,
  durationS: number,
  pid: number,
): Promise<Measured> {
  const rss = sampleRss(pid);
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: durationS,
    // Seconds before a request counts as an error (autocannon's default is 10): the machine is shared.
    timeout: REQUEST_TIMEOUT_S,
    headers: { host: HOST },
    requests: [request as autocannon.Request],
  });
  const peakRssMb = rss.stop();
  const cpuUsed = cpuSeconds(pid) - cpuBefore;
  const statuses: Record<string, number> = {};
  let expected = 0;
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    const count = Number((stat as { count: number | string }).count);
    if (count > 0) {
      statuses[status] = count;
      if (Number(status) === expectedStatus) {
        expected += count;
      }
    }
  }
  const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  // autocannon counts a timeout among its errors too.
  const errors = result.errors;
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: answered,
    unexpected: answered - expected + errors,
    errors,
    statuses,
    peakRssMb,
    cpuUsPerRequest: answered > 0 ? (cpuUsed * 1e6) / answered : 0,
  };
}

/**
 * Waits (at most 60 s) until the server answers a trivial request within a second: requests that
 * autocannon gave up on are still being worked on, and must not be charged to the next row.
 */
async function waitIdle(server: ServerProcess, path: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const start = Date.now();
    try {
      await (await fetch(`${server.url}${path}`, { headers: { host: HOST } })).arrayBuffer();
    } catch {
      // Not answering yet.
    }
    if (Date.now() - start < 1000) {
      return;
    }
  }
}

/** A warm-up (JIT, plans, pools), then the measured run; each after the server is idle. */
export async function warmThenLoad(
  server: ServerProcess,
  request: LoadRequest,
  expectedStatus: number,
  idlePath: string,
) {
  await waitIdle(server, idlePath);
  await load(server.url, request, expectedStatus, WARM_UP_S, server.pid);
  await waitIdle(server, idlePath);
  return load(server.url, request, expectedStatus, DURATION_S, server.pid);
}

/** The ceilings on this database, each a bare Fastify process of its own, one at a time. */
async function measureCeilings(env: NodeJS.ProcessEnv): Promise<CeilingRow[]> {
  const rows: CeilingRow[] = [];
  for (const kind of CEILING_KINDS) {
    const spec = ceilingRequests[kind];
    const server = await startServer({
      name: `${kind} ceiling`,
      args: ['--import', 'tsx', path.join(apiRoot, 'bench', 'ceilings.ts'), kind],
      env,
      port: await getPort({ host: '127.0.0.1' }),
      readyPath: spec.readyPath,
    });
    try {
      const { readyPath, ...request } = spec;
      const measured = await warmThenLoad(server, request, 200, readyPath);
      rows.push({ kind, ...measured });
      console.log(`  ceiling ${kind}: ${Math.round(measured.reqPerSec)} req/s, p50 ${measured.p50Ms} ms`);
    } finally {
      await stopServer(server);
    }
  }
  return rows;
}

async function call<T>(
  server: ServerProcess,
  method: string,
  urlPath: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await fetch(`${server.url}${urlPath}`, {
    ...init,
    method,
    headers: { host: HOST, ...(init.headers as Record<string, string> | undefined) },
  });
  if (!response.ok) {
    throw new Error(`${method} ${urlPath} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** Signs the demo accounts in and reads the demo's ids the requests need. */
export async function routeContext(server: ServerProcess): Promise<RouteContext> {
  const signIn = async (email: string) =>
    (
      await call<{ token: string }>(server, 'POST', '/api/auth/api', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Volunteer123' }),
      })
    ).token;
  const quickHelp = await call<{
    data: { sub_locations: Array<{ timeslots: Array<{ id: number }> }> };
  }>(server, 'GET', '/api/opportunities/quick-help');
  const form = await call<{
    data: Array<{ type: string; consents?: Array<{ options: Array<{ id: number }> }> }>;
  }>(server, 'GET', '/api/opportunities/quick-help/application-form/');
  const motivations = await call<{ data: Array<{ id: number }> }>(
    server,
    'GET',
    '/api/motivations/public?limit=999',
  );
  const residential = await call<{ data: { team: { id: number } } }>(
    server,
    'GET',
    '/api/opportunities/residential-week',
  );
  const consentOptionId = form.data.find((section) => section.type === 'review-apply')?.consents?.[0]
    ?.options[0]?.id;
  const timeslotId = quickHelp.data.sub_locations[0]?.timeslots[0]?.id;
  const motivationId = motivations.data[0]?.id;
  if (consentOptionId === undefined || timeslotId === undefined || motivationId === undefined) {
    throw new Error('the demo quick-help opportunity lacks its consent, timeslot or motivations');
  }
  return {
    adminToken: await signIn('admin@example.org'),
    supervisorToken: await signIn('supervisor@example.org'),
    motivationId,
    consentOptionId,
    timeslotId,
    residentialTeamId: residential.data.team.id,
  };
}

/** Measures one route on the running API against the ceilings of the same run. */
async function measureRoute(
  server: ServerProcess,
  context: RouteContext,
  dialect: Dialect,
  ceilings: readonly CeilingRow[],
  route: LoadRoute,
): Promise<RouteRow> {
  const measured = await warmThenLoad(server, route.request(context), route.expectedStatus, '/api/health');
  const ratioTo = (kind: CeilingKind) => {
    const ceiling = ceilings.find((row) => row.kind === kind)?.reqPerSec ?? 0;
    return ceiling > 0 ? measured.reqPerSec / ceiling : 0;
  };
  const ratio = ratioTo(route.ceiling);
  // The ratio targets are the issue's on PostgreSQL; on PGlite the ratio is shown, not judged.
  const ratioOk = route.target === null || dialect !== 'postgres' ? null : ratio >= route.target;
  const rssOk = measured.peakRssMb <= RSS_TARGET_MB[dialect];
  const row: RouteRow = {
    name: route.name,
    label: route.label,
    ceiling: route.ceiling,
    ...measured,
    ratio,
    floor: route.floor === undefined ? null : { kind: route.floor, ratio: ratioTo(route.floor) },
    target: route.target,
    ratioOk,
    rssOk,
    ok: measured.unexpected === 0 && measured.requests > 0,
  };
  console.log(
    `  ${route.name}${server.name === 'API' ? '' : ` (${server.name})`}: ${Math.round(measured.reqPerSec)} req/s, p50 ${measured.p50Ms} ms` +
      (row.ok ? '' : `  FAILED: ${JSON.stringify(measured.statuses)}, ${measured.errors} errors`),
  );
  return row;
}

/** Measures every route on the running API against the ceilings of the same run. */
async function measureRoutes(
  server: ServerProcess,
  dialect: Dialect,
  ceilings: readonly CeilingRow[],
  routes: readonly LoadRoute[],
): Promise<RouteRow[]> {
  const context = await routeContext(server);
  const rows: RouteRow[] = [];
  for (const route of routes) {
    rows.push(await measureRoute(server, context, dialect, ceilings, route));
  }
  return rows;
}

/** Starts the API once on a database so that it migrates and seeds the demo, and stops it. */
async function seedDatabase(command: ServerCommand, env: NodeJS.ProcessEnv): Promise<void> {
  const seeding = await startServer({
    name: 'API (seeding)',
    args: command.args,
    env,
    port: await getPort({ host: '127.0.0.1' }),
    readyPath: '/api/health',
  });
  await stopServer(seeding);
}

/** Starts the API for measuring, and reads its resident memory once the start has settled. */
async function startMeasuredApi(
  command: ServerCommand,
  env: NodeJS.ProcessEnv,
  name: string,
): Promise<{ server: ServerProcess; idleRssMb: number }> {
  const server = await startServer({
    name,
    args: command.args,
    env,
    port: await getPort({ host: '127.0.0.1' }),
    readyPath: '/api/health',
  });
  // The start's own background work (PGlite's analyze) settles before memory is read.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleRssMb = rssMb(server.pid);
  console.log(`  ${name} resident memory with the demo loaded: ${idleRssMb.toFixed(0)} MB`);
  return { server, idleRssMb };
}

/**
 * One database: the API is started once to migrate and seed the demo and stopped (an embedded
 * data directory belongs to one process, so the SELECT ceiling can read the same files only
 * while the API is down); then the ceilings; then the API again for the routes.
 */
async function measureDatabase(
  command: ServerCommand,
  dialect: Dialect,
  database: { databaseUrl?: string; dataDir?: string; name: string },
  routes: readonly LoadRoute[] = LOAD_ROUTES,
): Promise<DatabaseResult> {
  const env = serverEnv(database);
  console.log(`\n${dialect} (${database.name}): seeding the demo`);
  await seedDatabase(command, env);
  const ceilings = await measureCeilings(env);
  const { server, idleRssMb } = await startMeasuredApi(command, env, 'API');
  try {
    const rows = await measureRoutes(server, dialect, ceilings, routes);
    return { dialect, database: database.name, idleRssMb, ceilings, routes: rows };
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await stopServer(server);
  }
}

/** An admin connection to PostgreSQL, or null (with the reason) when it does not answer. */
export async function postgresAdmin(): Promise<pg.Client | string> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    return admin;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The admin URL with another database's name. */
export function urlOf(database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Runs `work` on a fresh database of its own (`muster_bench_<pid>`), dropped afterwards whatever
 * happens, and answers what `work` answers.
 */
async function withScratchDatabase<T>(admin: pg.Client, work: (name: string) => Promise<T>): Promise<T> {
  const name = `muster_bench_${process.pid}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  try {
    await admin.query(`create database ${name}`);
    return await work(name);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
  }
}

const fmt = (value: number, digits = 0) => value.toFixed(digits);
const mark = (ok: boolean | null) => (ok === null ? '-' : ok ? 'ok' : 'MISS');

/** Prints one database's table: ceilings, then routes with their ratios and memory. */
function printTable(result: DatabaseResult): void {
  const rssTarget = RSS_TARGET_MB[result.dialect];
  console.log(
    `\n${result.dialect} (${result.database}), ${CONNECTIONS} connections, ${DURATION_S} s after a ${WARM_UP_S} s warm-up; API RSS with the demo loaded ${fmt(result.idleRssMb)} MB`,
  );
  const header = [
    'row',
    'req/s',
    'p50 ms',
    'p99 ms',
    'peak RSS MB',
    'CPU us/req',
    'ceiling',
    'ratio',
    'target',
    'ratio',
    'of floor',
    `RSS<=${rssTarget}`,
    'status',
  ];
  const lines: string[][] = [header];
  for (const ceiling of result.ceilings) {
    lines.push([
      `ceiling: ${ceiling.kind}`,
      fmt(ceiling.reqPerSec),
      fmt(ceiling.p50Ms),
      fmt(ceiling.p99Ms),
      fmt(ceiling.peakRssMb),
      fmt(ceiling.cpuUsPerRequest),
      '',
      '',
      '',
      '',
      '',
      '',
      ceiling.unexpected === 0 ? 'ok' : 'FAIL',
    ]);
  }
  for (const row of result.routes) {
    lines.push([
      row.name,
      fmt(row.reqPerSec),
      fmt(row.p50Ms),
      fmt(row.p99Ms),
      fmt(row.peakRssMb),
      fmt(row.cpuUsPerRequest),
      row.ceiling,
      fmt(row.ratio, 3),
      row.target === null ? '-' : `>=${row.target}`,
      mark(row.ratioOk),
      row.floor === null ? '-' : `${fmt(row.floor.ratio, 3)} ${row.floor.kind}`,
      mark(row.rssOk),
      row.ok ? 'ok' : `FAIL ${JSON.stringify(row.statuses)} errors ${row.errors}`,
    ]);
  }
  const widths = header.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length)));
  for (const line of lines) {
    console.log(
      line
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    );
  }
}

type ResultsFile = {
  machine?: Record<string, unknown>;
  date?: string;
  node?: string;
  server?: string;
  databases?: Record<string, DatabaseResult>;
  large?: {
    date: string;
    server: string;
    result: DatabaseResult;
    /** The same rows on a database with only the demo, each measured beside its large-data row. */
    small?: DatabaseResult;
    ratios: Record<string, { large: number; small: number | null; ratio: number | null; ok: boolean | null }>;
  };
};

function readResults(): ResultsFile {
  try {
    return JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as ResultsFile;
  } catch {
    return {};
  }
}

function writeResults(results: ResultsFile): void {
  fs.mkdirSync(path.dirname(resultsPath), { recursive: true });
  fs.writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(repoRoot, resultsPath)}`);
}

function machine(): Record<string, unknown> {
  const cpus = os.cpus();
  return {
    hostname: os.hostname(),
    platform: `${os.platform()} ${os.release()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryMb: Math.round(os.totalmem() / 1024 / 1024),
  };
}

/** Whether a database's rows met everything: answers right (always), targets (unless allowed to miss). */
function verdict(result: DatabaseResult, allowMiss: boolean): boolean {
  const answered =
    result.routes.every((row) => row.ok) && result.ceilings.every((row) => row.unexpected === 0);
  const targets = result.routes.every((row) => row.ratioOk !== false && row.rssOk);
  return answered && (allowMiss || targets);
}

/** The load rows with these names, in the bench's order; every row when `names` is absent. */
export function loadRoutesNamed(names: readonly string[] | undefined): readonly LoadRoute[] {
  if (names === undefined) {
    return LOAD_ROUTES;
  }
  const unknown = names.filter((name) => !LOAD_ROUTES.some((route) => route.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `--rows takes ${LOAD_ROUTES.map((route) => route.name).join(', ')}; not ${unknown.join(', ')}`,
    );
  }
  return LOAD_ROUTES.filter((route) => names.includes(route.name));
}

/**
 * The load part: PGlite, then PostgreSQL (skipped with a line when it does not answer). Answers
 * false when a row answered anything but its expected status, or (unless `allowMiss`) when a
 * target was missed; every row is measured and printed either way.
 */
export async function runLoadBench(options: {
  allowMiss: boolean;
  /** Only these rows (names of LOAD_ROUTES); every row when absent. */
  rows?: readonly string[];
  /** Only these databases; both when absent. */
  dialects?: readonly Dialect[];
}): Promise<boolean> {
  const routes = loadRoutesNamed(options.rows);
  const dialects = options.dialects ?? (['pglite', 'postgres'] as const);
  // A partial run is a diagnostic: it prints, and leaves the full run's results.json alone.
  const partial = options.rows !== undefined || options.dialects !== undefined;
  const command = serverCommand();
  console.log(`\nLoad (issue 13): the API runs as ${command.description}`);
  const results: DatabaseResult[] = [];
  if (dialects.includes('pglite')) {
    const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-bench-load-'));
    try {
      results.push(
        await measureDatabase(
          command,
          'pglite',
          { dataDir: path.join(dataRoot, 'db'), name: 'PGlite data directory' },
          routes,
        ),
      );
    } finally {
      fs.rmSync(dataRoot, { recursive: true, force: true });
    }
  }
  const admin = dialects.includes('postgres') ? await postgresAdmin() : null;
  if (admin === null) {
    // PostgreSQL was not asked for.
  } else if (typeof admin === 'string') {
    console.log(`\nskip PostgreSQL: no server at ${adminUrl} (${admin})`);
  } else {
    try {
      results.push(
        await withScratchDatabase(admin, (name) =>
          measureDatabase(command, 'postgres', { databaseUrl: urlOf(name), name }, routes),
        ),
      );
    } finally {
      await admin.end();
    }
  }
  for (const result of results) {
    printTable(result);
  }
  if (partial) {
    console.log('\nA partial run (--rows or --databases): bench/results.json is left as it was.');
    return results.every((result) => verdict(result, options.allowMiss));
  }
  const previous = readResults();
  writeResults({
    machine: machine(),
    date: new Date().toISOString(),
    node: process.version,
    server: command.description,
    databases: Object.fromEntries(results.map((result) => [result.dialect, result])),
    ...(previous.large ? { large: previous.large } : {}),
  });
  return results.every((result) => verdict(result, options.allowMiss));
}

/**
 * `--large`: each route on `muster_bench_large` (left as it is) against the same route on a fresh
 * database with only the demo, measured in pairs, row by row, in this run: two API processes run
 * side by side, only one of them loaded at a time, so that the machine's drift (this 2-core VM's
 * speed moves by a third within minutes) falls on both figures of a pair alike. The ceilings are
 * measured once, on the large database. Answers the exit code: 2 when the database is missing,
 * 1 on a failed row or (unless `allowMiss`) a large/small ratio under 0.8.
 */
export async function runLargeLoadBench(options: { allowMiss: boolean }): Promise<number> {
  const admin = await postgresAdmin();
  if (typeof admin === 'string') {
    console.log(`--large needs PostgreSQL at ${adminUrl}: ${admin}`);
    return 2;
  }
  const found = await admin.query('select 1 from pg_database where datname = $1', [LARGE_DATABASE]);
  if (found.rowCount === 0) {
    await admin.end();
    console.log(
      `--large: the database ${LARGE_DATABASE} does not exist; fill it first with npm run bench:data`,
    );
    return 2;
  }
  const command = serverCommand();
  console.log(
    `\nLoad on large data, each row paired with small data: the API runs as ${command.description}`,
  );
  try {
    return await withScratchDatabase(admin, (smallName) => measurePairs(command, smallName, options));
  } finally {
    await admin.end();
  }
}

/** The pairs of `--large`: the large database against `smallName`, freshly created and empty. */
async function measurePairs(
  command: ServerCommand,
  smallName: string,
  options: { allowMiss: boolean },
): Promise<number> {
  const large = { databaseUrl: urlOf(LARGE_DATABASE), name: LARGE_DATABASE };
  const small = { databaseUrl: urlOf(smallName), name: smallName };
  const servers: ServerProcess[] = [];
  try {
    console.log(`\npostgres (${LARGE_DATABASE} and ${smallName}): seeding the demo`);
    await seedDatabase(command, serverEnv(large));
    await seedDatabase(command, serverEnv(small));
    const ceilings = await measureCeilings(serverEnv(large));
    const largeApi = await startMeasuredApi(command, serverEnv(large), 'API');
    servers.push(largeApi.server);
    const smallApi = await startMeasuredApi(command, serverEnv(small), 'API on small data');
    servers.push(smallApi.server);
    const largeContext = await routeContext(largeApi.server);
    const smallContext = await routeContext(smallApi.server);
    const largeRows: RouteRow[] = [];
    const smallRows: RouteRow[] = [];
    for (const [index, route] of LOAD_ROUTES.entries()) {
      // Which of the pair goes first alternates, so neither always meets the machine warmer.
      const measureLarge = async () =>
        largeRows.push(await measureRoute(largeApi.server, largeContext, 'postgres', ceilings, route));
      const measureSmall = async () =>
        smallRows.push(await measureRoute(smallApi.server, smallContext, 'postgres', ceilings, route));
      if (index % 2 === 0) {
        await measureSmall();
        await measureLarge();
      } else {
        await measureLarge();
        await measureSmall();
      }
    }
    const result: DatabaseResult = {
      dialect: 'postgres',
      database: LARGE_DATABASE,
      idleRssMb: largeApi.idleRssMb,
      ceilings,
      routes: largeRows,
    };
    const smallResult: DatabaseResult = {
      dialect: 'postgres',
      database: `${smallName} (the demo only, paired with ${LARGE_DATABASE} row by row)`,
      idleRssMb: smallApi.idleRssMb,
      ceilings,
      routes: smallRows,
    };
    printTable(result);
    printTable(smallResult);
    const ratios: NonNullable<ResultsFile['large']>['ratios'] = {};
    console.log(`\nLarge against small data (req/s of each pair; target >= ${LARGE_TARGET}):`);
    for (const row of result.routes) {
      const before = smallRows.find((candidate) => candidate.name === row.name)?.reqPerSec ?? null;
      const ratio = before ? row.reqPerSec / before : null;
      const ok = ratio === null ? null : ratio >= LARGE_TARGET;
      ratios[row.name] = { large: row.reqPerSec, small: before, ratio, ok };
      console.log(
        `  ${mark(ok).padEnd(4)} ${row.name.padEnd(26)} ${fmt(row.reqPerSec).padStart(6)} / ${before === null ? '-' : fmt(before)} = ${ratio === null ? '-' : fmt(ratio, 2)}`,
      );
    }
    writeResults({
      ...readResults(),
      large: {
        date: new Date().toISOString(),
        server: command.description,
        result,
        small: smallResult,
        ratios,
      },
    });
    const answered = [...largeRows, ...smallRows].every((row) => row.ok);
    const kept = Object.values(ratios).every((entry) => entry.ok !== false);
    return answered && (options.allowMiss || kept) ? 0 : 1;
  } catch (error) {
    for (const server of servers) {
      console.error(server.output());
    }
    throw error;
  } finally {
    for (const server of servers) {
      await stopServer(server);
    }
  }
}
