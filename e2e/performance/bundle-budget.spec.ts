import fs from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

/*
 * The front-end budget of issue 13 (point 4), measured on the built app in Chromium:
 *   - the JavaScript loaded before `/apply/{slug}` is usable: the issue's target is 120 KB gzip,
 *     not reached yet (215.7 KB on both quick-help and beach-clean on 28 Nov, down from 263.9 and
 *     278.8; docs/performance.md says what is left); until it is, the test holds the first load to
 *     FIRST_LOAD_CEILING (measured + 2 %) so it cannot grow back, and prints the gap;
 *   - the code each step type loads when it opens: at most 60 KB gzip.
 * Sizes are gzip of the response bodies, computed here (the server may or may not compress).
 * The numbers go to the test output, and a breakdown by source module (from the build's source
 * maps) to `.test-output/bundle-budget/*.json`, to show what to cut when the budget is exceeded.
 */

const KB = 1024;
/** Issue 13's target for the first load. */
const FIRST_LOAD_TARGET = 120 * KB;
/** What each first load may not exceed today: what was measured, plus room for noise. Lower them as code leaves. */
const FIRST_LOAD_CEILING: Record<string, number> = { 'quick-help': 220 * KB, 'beach-clean': 220 * KB };
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

/**
 * Opens `url` in a fresh page and answers the gzip size of every JavaScript response until the
 * form's first step is usable (its heading shown, the first field editable) and the network is idle.
 */
async function firstLoad(page: Page, url: string): Promise<Map<string, number>> {
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
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
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 2, name: '1. Your details' })).toBeVisible();
  await expect(page.getByLabel(/^Email address/)).toBeEditable();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return scripts;
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
  test(`the JavaScript loaded before /apply/${slug} is usable stays within its ceiling (target 120 KB gzip)`, async ({
    page,
  }, testInfo) => {
    const ceiling = FIRST_LOAD_CEILING[slug] ?? FIRST_LOAD_TARGET;
    const scripts = await firstLoad(page, `/apply/${slug}`);
    const sum = total(scripts);
    const parts = breakdown(scripts);
    const lines = [
      `first load of /apply/${slug}: ${kb(sum)} gzip JavaScript in ${scripts.size} files (ceiling ${kb(ceiling)}, target ${kb(FIRST_LOAD_TARGET)}: ${sum <= FIRST_LOAD_TARGET ? 'met' : `${kb(sum - FIRST_LOAD_TARGET)} over`})`,
      ...[...scripts].sort((a, b) => b[1] - a[1]).map(([file, size]) => `  ${kb(size).padStart(9)}  ${file}`),
      '  by package:',
      ...Object.entries(parts.packages).map(([name, size]) => `  ${kb(size).padStart(9)}  ${name}`),
    ];
    console.log(lines.join('\n'));
    testInfo.annotations.push({ type: 'first load', description: `/apply/${slug}: ${kb(sum)} gzip` });
    writeReport(`first-load-${slug}`, { total: sum, files: Object.fromEntries(scripts), ...parts });
    expect(sum, `JavaScript before /apply/${slug} is usable`).toBeLessThanOrEqual(ceiling);
  });
}

test('each step type loads at most 60 KB gzip of JavaScript when it opens', async ({ page }, testInfo) => {
  // What the first load brought is shared; each step's own chunk group is what opening it adds.
  const loaded = await firstLoad(page, '/apply/beach-clean');
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
