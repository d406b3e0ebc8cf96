// Size budget of the first paint of `/apply/`. Run after `npm run build`:
//
//   node scripts/size-budget.mjs [--dist apps/web/dist]
//
// Reads the Vite manifest, collects the chunks the browser loads before the apply form shows
// (the entry chunk and its static imports, plus the lazily routed apply page and its static
// imports), prints their size, and exits 1 when any of them carries the telephone metadata
// (libphonenumber-js) or the password-strength dictionaries (zxcvbn-ts). Both must load only
// when their widget is used (dynamic `import()` in components/ui/telephone-input and
// components/ui/password-strength).
//
// Three independent checks, so that neither a renamed chunk nor an inlined module slips by:
//   1. module ids in the manifest (`src`, chunk keys and names of every initial chunk and of its
//      `imports`);
//   2. the module ids in each initial chunk's source map (`sources`), when source maps exist;
//   3. content markers in the emitted JavaScript.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPLY_PAGE = 'src/features/apply/apply-page.tsx';

/** What must stay out of the initial chunks. */
const FORBIDDEN = [
  {
    what: 'libphonenumber-js metadata',
    modules: [/libphonenumber-js/],
    // The metadata's top-level key, and the shape of its first entries (calling code 1 -> US, AG…).
    // Minifiers may unquote keys and switch string quotes to backticks.
    markers: [/country_calling_codes/, /["'`]?1["'`]?:\[["'`]US["'`],["'`]AG["'`],["'`]AI["'`]/],
  },
  {
    what: 'zxcvbn-ts dictionaries',
    modules: [/@zxcvbn-ts[/\\]/, /zxcvbn/],
    // The compressed word lists start with these runs: common passwords, then English words.
    markers: [/A123456ApasswordA12345678/, /AyouAtheBoA/, /passwords-common/, /commonWords-en/],
  },
  {
    // Each step's component loads with its step (steps/registry.ts); only the small body builders
    // (`steps/<type>/body.ts`) and the registry belong to the first paint.
    what: 'a step component',
    modules: [/features[/\\]apply[/\\]steps[/\\][a-z-]+[/\\](?!body\.ts)[^/\\]+\.tsx?$/],
    markers: [],
  },
  {
    what: 'the booking date-range picker',
    modules: [/booking-date-range-picker/, /react-day-picker/],
    markers: [],
  },
  {
    // The home page's finder loads with its lazily routed page (app/router.tsx), never before the form.
    what: 'the opportunity finder',
    modules: [/features[/\\]opportunity-finder[/\\]/],
    markers: [],
  },
];

function argument(name, fallback) {
  const index = process.argv.indexOf(name);
  return index !== -1 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const dist = path.resolve(root, argument('--dist', 'apps/web/dist'));
const manifestPath = path.join(dist, '.vite', 'manifest.json');

function fail(message) {
  console.error(`size budget: FAILED\n${message}`);
  process.exit(1);
}

if (!fs.existsSync(manifestPath)) {
  fail(`No manifest at ${path.relative(root, manifestPath)}: run \`npm run build\` first.`);
}

/** @type {Record<string, {file: string, name?: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  fail('The manifest has no entry chunk.');
}
const applyKey = Object.keys(manifest).find(
  (key) => key === APPLY_PAGE || manifest[key].src === APPLY_PAGE || key.endsWith(`/${APPLY_PAGE}`),
);
if (!applyKey) {
  fail(`The manifest has no chunk for ${APPLY_PAGE}: is the apply page still lazy-loaded by the router?`);
}

/** The chunk keys loaded with `start`: itself and its static imports, transitively. */
function staticClosure(start, into = new Set()) {
  if (into.has(start)) {
    return into;
  }
  into.add(start);
  for (const imported of manifest[start]?.imports ?? []) {
    staticClosure(imported, into);
  }
  return into;
}

const initial = [...staticClosure(applyKey, staticClosure(entryKey))];
/** Findings keyed by chunk, forbidden thing and kind of evidence: the first example and a count. */
const problems = new Map();

function report(file, what, evidence, example) {
  const key = `${file}: ${what}, found by ${evidence}`;
  const found = problems.get(key) ?? { example, count: 0 };
  found.count += 1;
  problems.set(key, found);
}

function check(chunkKey, evidence, text) {
  for (const rule of FORBIDDEN) {
    if (rule.modules.some((pattern) => pattern.test(text))) {
      report(manifest[chunkKey].file, rule.what, evidence, text);
    }
  }
}

let jsBytes = 0;
let jsGzip = 0;
let cssBytes = 0;
const cssFiles = new Set();

for (const key of initial) {
  const chunk = manifest[key];
  // 1. Module ids in the manifest.
  check(key, 'manifest key', key);
  for (const field of ['src', 'name']) {
    if (chunk[field]) {
      check(key, `manifest ${field}`, chunk[field]);
    }
  }
  for (const imported of chunk.imports ?? []) {
    check(key, 'manifest static imports', imported);
  }
  for (const css of chunk.css ?? []) {
    cssFiles.add(css);
  }

  const file = path.join(dist, chunk.file);
  const code = fs.readFileSync(file, 'utf8');
  jsBytes += Buffer.byteLength(code);
  jsGzip += zlib.gzipSync(code).length;

  // 2. Module ids in the source map.
  const mapFile = `${file}.map`;
  if (fs.existsSync(mapFile)) {
    const sources = JSON.parse(fs.readFileSync(mapFile, 'utf8')).sources ?? [];
    for (const source of sources) {
      check(key, 'source-map module ids', source);
    }
  }

  // 3. Content markers.
  for (const rule of FORBIDDEN) {
    for (const marker of rule.markers.filter((pattern) => pattern.test(code))) {
      report(chunk.file, rule.what, 'content marker', String(marker));
    }
  }
}

for (const css of cssFiles) {
  cssBytes += fs.statSync(path.join(dist, css)).size;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`size budget: initial chunks for /apply/ (${initial.length}):`);
for (const key of initial) {
  const size = fs.statSync(path.join(dist, manifest[key].file)).size;
  console.log(`  ${manifest[key].file}  ${kb(size)}`);
}
console.log(
  `size budget: initial size of /apply/: ${kb(jsBytes)} JavaScript (${kb(jsGzip)} gzipped), ${kb(cssBytes)} CSS`,
);

if (problems.size > 0) {
  fail(
    [
      ...[...problems].map(
        ([where, { example, count }]) =>
          `  ${where}: ${example}${count > 1 ? ` (and ${count - 1} more)` : ''}`,
      ),
      'Step components, the booking picker, telephone metadata and password dictionaries must load lazily: import them only through `import()`',
      'inside their step or widget (steps/registry.ts, components/ui/telephone-input, components/ui/password-strength), never statically',
      'from anything the entry or the apply page reaches, @muster/contract included (its index re-exports',
      'every area, so one static import there lands in every chunk that uses the contract).',
    ].join('\n'),
  );
}
console.log(
  'size budget: OK (no step component, booking picker, libphonenumber-js metadata or zxcvbn-ts dictionaries in the initial chunks)',
);
