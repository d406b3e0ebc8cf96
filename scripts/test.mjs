// `npm test`: lint, type-check, unit and API tests (PGlite, and PostgreSQL when
// MUSTER_TEST_DATABASE_URL is set), the production build with its size budget, then the
// Playwright suite in Chromium. Every stage runs even when an earlier one fails, so one run
// shows everything; the last line is the plain total over all suites.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-output');
fs.mkdirSync(out, { recursive: true });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  process.exit(1);
}

/** @type {{name: string, passed: number, failed: number, skipped: number, ok: boolean, seconds?: number, failures?: string[], flaky?: string[]}[]} */
const results = [];
/** How many lines of each failure's message the summary repeats. */
const FAILURE_LINES = 6;

/**
 * A failure's first lines, indented under its name: the summary is the part of a long CI log that
 * is always read, so it says which test failed and why, not only how many.
 */
function describeFailure(name, messages) {
  const lines = stripVTControlCharacters(messages.join('\n'))
    .split('\n')
    // The assertion and the project's own frames; the test runner's frames say nothing.
    .filter((line) => line.trim() !== '' && !/^\s*at .*(node_modules|node:|<anonymous>)/.test(line))
    .slice(0, FAILURE_LINES);
  return [name, ...lines.map((line) => `      ${line.slice(0, 300)}`)].join('\n');
}

/** When the stage now running started, so that the summary shows where CI's time goes. */
let stageStart = Date.now();

function run(command, args, { cwd = root, env = {} } = {}) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function heading(text) {
  stageStart = Date.now();
  console.log(`\n━━ ${text} ━━`);
}

/** Records a stage's outcome with the seconds it took. */
function record(result) {
  results.push({ ...result, seconds: Math.round((Date.now() - stageStart) / 1000) });
}

/** A check with no test count of its own (lint, types, size budget): one pass or one failure. */
function check(name, command, args, options) {
  heading(name);
  const ok = run(command, args, options);
  record({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ok });
}

function vitest(name, workspace, env = {}, extraArgs = []) {
  heading(name);
  const stem = name.replace(/\W+/g, '-');
  const report = path.join(out, `${stem}.json`);
  const flakyReport = path.join(out, `${stem}-flaky.json`);
  fs.rmSync(report, { force: true });
  fs.rmSync(flakyReport, { force: true });
  // One retry per test, as for the end-to-end tests: a test that fails twice fails the run; one
  // that passes on its retry is named in the summary as flaky.
  const args = [
    'vitest',
    'run',
    '--retry=1',
    '--reporter=default',
    '--reporter=json',
    `--reporter=${path.join(root, 'scripts', 'vitest-flaky-reporter.mjs')}`,
    `--outputFile.json=${report}`,
    ...extraArgs,
  ];
  const ok = run('npx', args, {
    cwd: path.join(root, workspace),
    env: { ...env, MUSTER_FLAKY_REPORT: flakyReport },
  });
  let passed = 0;
  let failed = ok ? 0 : 1;
  let skipped = 0;
  /** @type {string[]} */
  let failures = [];
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1);
    skipped = json.numPendingTests + json.numTodoTests;
    failures = json.testResults.flatMap((file) => {
      const where = path.relative(path.join(root, workspace), file.name);
      const tests = file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => describeFailure(`${where} › ${test.fullName}`, test.failureMessages ?? []));
      // A file that failed to load (or whose hooks threw) has no failed test to name.
      return tests.length === 0 && file.status === 'failed'
        ? [describeFailure(where, [file.message ?? ''])]
        : tests;
    });
  }
  const flaky = fs.existsSync(flakyReport) ? JSON.parse(fs.readFileSync(flakyReport, 'utf8')) : [];
  if (flaky.length > 0) {
    console.log(`${flaky.length} flaky: passed only on retry (named in the summary)`);
  }
  record({ name, passed, failed, skipped, ok, failures, flaky });
}

function playwright(name) {
  heading(name);
  const report = path.join(out, 'playwright.json');
  fs.rmSync(report, { force: true });
  const ok = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  let passed = 0;
  let failed = ok ? 0 : 1;
  let skipped = 0;
  /** @type {string[]} */
  let failures = [];
  /** @type {string[]} */
  let flaky = [];
  if (fs.existsSync(report)) {
    const { stats, suites } = JSON.parse(fs.readFileSync(report, 'utf8'));
    failures = specsWithStatus(suites ?? [], 'unexpected').map(({ where, error }) =>
      describeFailure(where, [error]),
    );
    flaky = specsWithStatus(suites ?? [], 'flaky').map(({ where }) => where);
    passed = stats.expected + stats.flaky;
    failed = stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1);
    skipped = stats.skipped;
    if (stats.flaky > 0) {
      console.log(`${stats.flaky} flaky: passed only on retry (named in the summary)`);
    }
  }
  record({ name, passed, failed, skipped, ok, failures, flaky });
}

/**
 * Playwright's specs whose outcome is `status` ('unexpected': every retry failed; 'flaky': passed
 * on a retry), named by file, line and title, with the last run's error.
 */
function specsWithStatus(suites, status) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === status)
        .map((test) => ({
          where: `${spec.file}:${spec.line} › ${spec.title}`,
          error: test.results?.at(-1)?.error?.message ?? '',
        })),
    ),
    ...specsWithStatus(suite.suites ?? [], status),
  ]);
}

/**
 * Starts a single-threaded check in the background (ESLint keeps one core busy, and CI has two),
 * its output going to a file rather than a pipe, so that the stages run meanwhile with
 * `spawnSync` cannot stall it. `finish()` waits for it, prints its output whole and records it
 * with its own seconds.
 */
function inBackground(name, command, args) {
  const started = Date.now();
  const logFile = path.join(out, `${name.replace(/\W+/g, '-')}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', log, log] });
  const ended = new Promise((resolve) => child.on('close', (code) => resolve({ ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) })));
  return {
    async finish() {
      const { ok, seconds } = await ended;
      fs.closeSync(log);
      console.log(`\n━━ ${name} (ran beside the stages above) ━━`);
      process.stdout.write(fs.readFileSync(logFile));
      results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ok, seconds });
    },
  };
}

// Lint (the longest single-threaded stage) runs beside type-checking and the unit suites.
const lint = inBackground('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
vitest('contract unit', 'packages/contract');
vitest('web unit', 'apps/web');
await lint.finish();
// The walk over every catalogue entry and the fuzzing of every operation exercise the HTTP layer
// over the whole route table; they run once per `npm test`: on PostgreSQL when that pass runs,
// otherwise on PGlite. Every other file runs on both.
// A real server killed in the middle of an export (two server starts, a minute or more) is also
// run once: the restart of the in-process runner on PGlite is proved by restart.test.ts.
const ONCE_PER_RUN = [
  'src/catalogue/catalogue-walk.test.ts',
  'src/fuzz.test.ts',
  'src/modules/exports/hard-kill-export.test.ts',
];
// The files that test the embedded database itself (its directory on disk, its durability, its
// restarts) open PGlite whatever MUSTER_TEST_DATABASE_URL says: the PostgreSQL pass ran them again
// unchanged, about 75 s of a worker's time. They run in the PGlite pass only.
const EMBEDDED_DATABASE_ONLY = [
  'src/db/client.test.ts',
  'src/db/durable-node-fs.test.ts',
  'src/db/pglite-data-dir.test.ts',
];
const excluding = (files) => files.flatMap((file) => ['--exclude', file]);
const postgresPass = Boolean(process.env.MUSTER_TEST_DATABASE_URL);
// The PGlite pass must not inherit the PostgreSQL URL that the second pass uses.
vitest('api (PGlite)', 'apps/api', { MUSTER_TEST_DATABASE_URL: '' }, postgresPass ? excluding(ONCE_PER_RUN) : []);
if (postgresPass) {
  vitest(
    'api (PostgreSQL)',
    'apps/api',
    { MUSTER_TEST_DATABASE_URL: process.env.MUSTER_TEST_DATABASE_URL },
    excluding(EMBEDDED_DATABASE_ONLY),
  );
}
check('build', 'npm', ['run', 'build', '--silent']);
if (fs.existsSync(path.join(root, 'scripts', 'size-budget.mjs'))) {
  check('size budget', 'node', ['scripts/size-budget.mjs']);
}
playwright('e2e (Chromium)');

console.log(`\n━━ summary ━━`);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped;
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''} (${r.seconds ?? 0} s)`);
  for (const failure of r.failures ?? []) {
    console.log(`  ✗ ${failure}`);
  }
  for (const test of r.flaky ?? []) {
    console.log(`  ~ flaky (passed on its retry): ${test}`);
  }
}
if (skipped) {
  console.log(`${skipped} skipped (tests that need the other database or a service this run lacks)`);
}
// The plain total, alone on the last line.
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1);
