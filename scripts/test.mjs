// `npm test`: lint, type-check, unit and API tests (PGlite, and PostgreSQL when
// MUSTER_TEST_DATABASE_URL is set), the production build with its size budget, then the
// Playwright suite in Chromium. Every stage runs even when an earlier one fails, so one run
// shows everything; the last line is the plain total over all suites.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-output');
fs.mkdirSync(out, { recursive: true });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  process.exit(1);
}

/** @type {{name: string, passed: number, failed: number, skipped: number, ok: boolean, seconds?: number}[]} */
const results = [];
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
  const report = path.join(out, `${name.replace(/\W+/g, '-')}.json`);
  fs.rmSync(report, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs];
  const ok = run('npx', args, {
    cwd: path.join(root, workspace),
    env,
  });
  let passed = 0;
  let failed = ok ? 0 : 1;
  let skipped = 0;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1);
    skipped = json.numPendingTests + json.numTodoTests;
  }
  record({ name, passed, failed, skipped, ok });
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
  if (fs.existsSync(report)) {
    const { stats } = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = stats.expected + stats.flaky;
    failed = stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1);
    skipped = stats.skipped;
    if (stats.flaky > 0) {
      console.log(`${stats.flaky} flaky: passed only on retry (listed above as flaky)`);
    }
  }
  record({ name, passed, failed, skipped, ok });
}

/**
 * Runs single-threaded checks side by side (ESLint and tsc each keep one core busy, and CI has two),
 * printing each one's output whole when it ends, in the order given, with its own seconds.
 */
async function checksTogether(checks) {
  const started = Date.now();
  const outcomes = await Promise.all(
    checks.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) =>
            resolve({ name, ok: code === 0, output: Buffer.concat(output), seconds: Math.round((Date.now() - started) / 1000) }),
          );
        }),
    ),
  );
  for (const outcome of outcomes) {
    console.log(`\n━━ ${outcome.name} ━━`);
    process.stdout.write(outcome.output);
    results.push({ name: outcome.name, passed: outcome.ok ? 1 : 0, failed: outcome.ok ? 0 : 1, skipped: 0, ok: outcome.ok, seconds: outcome.seconds });
  }
}

await checksTogether([
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck', '--silent'] },
]);
vitest('contract unit', 'packages/contract');
vitest('web unit', 'apps/web');
// The walk over every catalogue entry and the fuzzing of every operation exercise the HTTP layer
// over the whole route table; they run once per `npm test`: on PostgreSQL when that pass runs,
// otherwise on PGlite. Every other file runs on both.
const ONCE_PER_RUN = ['src/catalogue/catalogue-walk.test.ts', 'src/fuzz.test.ts'];
const postgresPass = Boolean(process.env.MUSTER_TEST_DATABASE_URL);
// The PGlite pass must not inherit the PostgreSQL URL that the second pass uses.
vitest(
  'api (PGlite)',
  'apps/api',
  { MUSTER_TEST_DATABASE_URL: '' },
  postgresPass ? ONCE_PER_RUN.flatMap((file) => ['--exclude', file]) : [],
);
if (postgresPass) {
  vitest('api (PostgreSQL)', 'apps/api', { MUSTER_TEST_DATABASE_URL: process.env.MUSTER_TEST_DATABASE_URL });
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
}
if (skipped) {
  console.log(`${skipped} skipped (tests that need the other database or a service this run lacks)`);
}
// The plain total, alone on the last line.
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1);
