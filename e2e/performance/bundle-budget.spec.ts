import fs from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

/*
 * The front-end budget of issue 13 (point 4), measured on the built app in Chromium:
 *   - the JavaScript loaded before `/apply/{slug}` is usable: at most 120 KB gzip (116 KB on both
 *     quick-help and beach-clean on 28 Nov, down from 216; docs/performance.md);
 *   - what the applicant's first key press in the form adds (the form's validation with zod and
 *     the contract's schemas, and the next step's code, load then rather than before the form is
 *     usable): at most 60 KB gzip, like a step, so that no code can leave the first load by
 *     hiding behind that press unmeasured;
 *   - the code each step type loads when it opens: at most 60 KB gzip.
 * Sizes are gzip of the response bodies, computed here (the server may or may not compress).
 * The numbers go to the test output, and a breakdown by source module (from the build's source
 * maps) to `.test-output/bundle-budget/*.json`, to show what to cut when the budget is exceeded.
 */

const KB = 1024;
/** Issue 13's budget for the first load. */
const FIRST_LOAD_BUDGET = 120 * KB;
/** For what one step, or the first key press, adds. */
const STEP_BUDGET = 60 * KB;

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.join(root, 'apps/web/dist');
const reports = path.join(root, '.test-output/bundle-budget');

type Manifest = Record<
  string,
  { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;

function readManifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

function gzipSize(body: Buffer | string): number {
  return zlib.gzipSync(body).length;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** A built asset's path (`assets/x.js`) from its URL. */
function assetOf(url: string): string {
  return new URL(url).pathname.replace(/^\//, '');
}

/**
 * Gzip bytes of a built chunk per source module: each character of the minified code is charged
 * to the module its source-map segment names, then scaled to the chunk's gzip size.
 */
function modulesOf(file: string, gzip: number): Map<string, number> {
  const sizes = new Map<string, number>();
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const mapFile = path.join(dist, `${file}.map`);
  if (!fs.existsSync(mapFile)) {
    sizes.set(`(no source map) ${file}`, gzip);
    return sizes;
  }
  const map = new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMapPayload);
  const lines = code.split('\n');
  lines.forEach((line, lineIndex) => {
    for (let column = 0; column < line.length; column += 1) {
      const entry = map.findEntry(lineIndex, column) as { originalSource?: string };
      // Code without a mapping is the bundler's own glue (module runtime, chunk imports).
      const source = entry.originalSource ? moduleName(entry.originalSource) : '(bundler glue, unmapped)';
      sizes.set(source, (sizes.get(source) ?? 0) + 1);
    }
  });
  const scale = gzip / Math.max(1, code.length);
  for (const [source, size] of sizes) {
    sizes.set(source, size * scale);
  }
  return sizes;
}

/** `node_modules/react-dom/cjs/x.js` → `react-dom/cjs/x.js`; workspace sources relative to the repository. */
function moduleName(source: string): string {
  const withoutScheme = source.replace(/^file:\/\//, '');
  const nodeModules = withoutScheme.lastIndexOf('node_modules/');
  if (nodeModules !== -1) {
    return withoutScheme.slice(nodeModules + 'node_modules/'.length);
  }
  const absolute = path.isAbsolute(withoutScheme)
    ? withoutScheme
    : path.resolve(dist, 'assets', withoutScheme);
  return path.relative(root, absolute);
}

/** The package (or workspace folder) a module belongs to, for the short table. */
function packageOf(module: string): string {
  if (module.startsWith('apps/') || module.startsWith('packages/')) {
    return module.split('/').slice(0, 2).join('/');
  }
  const parts = module.split('/');
  return parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? module);
}

function breakdown(files: Map<string, number>) {
  const modules = new Map<string, number>();
  for (const [file, gzip] of files) {
    for (const [module, size] of modulesOf(file, gzip)) {
      modules.set(module, (modules.get(module) ?? 0) + size);
    }
  }
  const packages = new Map<string, number>();
  for (const [module, size] of modules) {
    packages.set(packageOf(module), (packages.get(packageOf(module)) ?? 0) + size);
  }
  const sorted = (map: Map<string, number>) =>
    Object.fromEntries([...map].sort((a, b) => b[1] - a[1]).map(([name, size]) => [name, Math.round(size)]));
  return { packages: sorted(packages), modules: sorted(modules) };
}

/** How long the network must stay quiet before what an action started counts as loaded. */
const QUIET_MS = 1_000;

/**
 * Answers the gzip size of every JavaScript response `page` receives from now on, by file;
 * `settled` waits until no request has been in flight for {@link QUIET_MS} and every body is
 * read. (Playwright's `networkidle` is a load state: once reached it does not wait again for what
 * a later key press starts.)
 */
function watchScripts(page: Page) {
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const finished = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !/\.m?js$/.test(new URL(response.url()).pathname)) {
      return;
    }
    pending.push(
      response.body().then((body) => {
        scripts.set(assetOf(response.url()), gzipSize(body));
      }),
    );
  });
  const settled = async () => {
    await page.waitForLoadState('networkidle');
    await expect
      .poll(() => inFlight === 0 && Date.now() - lastActivity >= QUIET_MS, {
        timeout: 30_000,
        intervals: [100],
      })
      .toBe(true);
    await Promise.all(pending);
  };
  return { scripts, settled };
}

/**
 * Opens `url` in a fresh page and answers the gzip size of every JavaScript response until the
 * form's first step is usable (its heading shown, the first field editable) and the network is
 * idle; `scripts` goes on filling with what the page loads afterwards.
 */
async function firstLoad(page: Page, url: string) {
  const watched = watchScripts(page);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 2, name: '1. Your details' })).toBeVisible();
  await expect(page.getByLabel(/^Email address/)).toBeEditable();
  await watched.settled();
  return { loaded: new Map(watched.scripts), ...watched };
}

/**
 * What the applicant's first key press in the first field adds: it types a letter, waits for the
 * network to go idle (whatever that press started to load has come) and answers the files that
 * were not loaded before it. The letter must be in the box at once: the form takes typing before
 * anything more has loaded.
 */
async function firstKeyPress(page: Page, watched: Awaited<ReturnType<typeof firstLoad>>) {
  const email = page.getByLabel(/^Email address/);
  await email.press('a');
  await expect(email).toHaveValue('a');
  await watched.settled();
  return new Map([...watched.scripts].filter(([file]) => !watched.loaded.has(file)));
}

function report(title: string, budget: number, scripts: Map<string, number>) {
  const sum = total(scripts);
  const parts = breakdown(scripts);
  const lines = [
    `${title}: ${kb(sum)} gzip JavaScript in ${scripts.size} files (budget ${kb(budget)})`,
    ...[...scripts].sort((a, b) => b[1] - a[1]).map(([file, size]) => `  ${kb(size).padStart(9)}  ${file}`),
    '  by package:',
    ...Object.entries(parts.packages).map(([name, size]) => `  ${kb(size).padStart(9)}  ${name}`),
  ];
  console.log(lines.join('\n'));
  return { sum, report: { total: sum, files: Object.fromEntries(scripts), ...parts } };
}

/** The chunk files loaded with a manifest entry: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (!into.has(key) && manifest[key]) {
    into.add(key);
    for (const imported of manifest[key].imports ?? []) {
      staticClosure(manifest, imported, into);
    }
  }
  return into;
}

/** Writes one measurement with its breakdown beside the test output, one file per test (they run in parallel). */
function writeReport(name: string, value: unknown) {
  fs.mkdirSync(reports, { recursive: true });
  fs.writeFileSync(path.join(reports, `${name}.json`), `${JSON.stringify(value, null, 2)}\n`);
}

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);

for (const slug of ['quick-help', 'beach-clean']) {
  test(`the JavaScript loaded before /apply/${slug} is usable stays within 120 KB gzip, and its first key press within 60 KB`, async ({
    page,
  }, testInfo) => {
    const watched = await firstLoad(page, `/apply/${slug}`);
    const first = report(`first load of /apply/${slug}`, FIRST_LOAD_BUDGET, watched.loaded);
    const press = report(
      `first key press in /apply/${slug}`,
      STEP_BUDGET,
      await firstKeyPress(page, watched),
    );
    testInfo.annotations.push(
      { type: 'first load', description: `/apply/${slug}: ${kb(first.sum)} gzip` },
      { type: 'first key press', description: `/apply/${slug}: ${kb(press.sum)} gzip` },
    );
    writeReport(`first-load-${slug}`, first.report);
    writeReport(`first-key-press-${slug}`, press.report);
    expect
      .soft(first.sum, `JavaScript before /apply/${slug} is usable`)
      .toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    expect
      .soft(press.sum, `JavaScript the first key press in /apply/${slug} adds`)
      .toBeLessThanOrEqual(STEP_BUDGET);
  });
}

test('each step type loads at most 60 KB gzip of JavaScript when it opens', async ({ page }, testInfo) => {
  // What the first load brought is shared; each step's own chunk group is what opening it adds.
  const { loaded } = await firstLoad(page, '/apply/beach-clean');
  const manifest = readManifest();
  const stepKeys = Object.keys(manifest).filter((key) =>
    /features\/apply\/steps\/[a-z-]+\/[a-z-]+-step\.tsx$/.test(key),
  );
  expect(stepKeys.length, 'step components in the manifest').toBeGreaterThanOrEqual(9);
  const results: Record<string, { total: number; files: Record<string, number> }> = {};
  const lines: string[] = [];
  for (const key of stepKeys.sort()) {
    const type = key.split('/').at(-2) ?? key;
    const files = new Map<string, number>();
    for (const chunk of staticClosure(manifest, key)) {
      const file = manifest[chunk]!.file;
      if (!loaded.has(file)) {
        files.set(file, gzipSize(fs.readFileSync(path.join(dist, file))));
      }
    }
    const sum = total(files);
    results[type] = { total: sum, files: Object.fromEntries(files), ...breakdown(files) };
    lines.push(`  ${kb(sum).padStart(9)}  ${type} (${[...files.keys()].join(', ')})`);
  }
  console.log(`JavaScript each step adds when it opens (budget ${kb(STEP_BUDGET)}):\n${lines.join('\n')}`);
  writeReport('steps', results);
  for (const [type, { total: sum }] of Object.entries(results)) {
    testInfo.annotations.push({ type: 'step', description: `${type}: ${kb(sum)} gzip` });
  }
  for (const [type, { total: sum }] of Object.entries(results)) {
    expect.soft(sum, `JavaScript the ${type} step adds`).toBeLessThanOrEqual(STEP_BUDGET);
  }
});
