// `npm run bench -- --profile <route>`: where one load route spends the API's CPU. The built API
// runs on a fresh PostgreSQL database with the demo under `node --cpu-prof`, the route is loaded
// as the load part loads it (warm-up, then 10 s at 50 connections), the server stops, and the
// V8 profile is written to `.test-output/profiles/<route>.cpuprofile` (open it in Chrome's
// DevTools or speedscope for the flame graph). Printed: the functions with the most self time,
// and the project's own functions with the most total time (self plus what they call).
import fs from 'node:fs';
import path from 'node:path';
import getPort from 'get-port';
import { findPackageRoot } from '../src/config/package-root.js';
import { postgresAdmin, routeContext, serverCommand, serverEnv, urlOf, warmThenLoad } from './load.js';
import { LOAD_ROUTES } from './load-routes.js';
import { startServer, stopServer } from './processes.js';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[] };

const repoRoot = path.resolve(findPackageRoot(), '..', '..');
const TOP = 25;

/** `file:///…/node_modules/pg/lib/x.js` → `pg/lib/x.js`; the project's files relative to the repository. */
function shortUrl(url: string): string {
  const plain = url.replace(/^file:\/\//, '');
  const inModules = plain.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    return plain.slice(inModules + 'node_modules/'.length);
  }
  return plain.startsWith(repoRoot) ? path.relative(repoRoot, plain) : plain || '(native)';
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`;
}

/** Self and total sample counts per function (a recursive function's total counted once per stack). */
export function summariseProfile(profile: CpuProfile): {
  samples: number;
  self: Map<string, number>;
  total: Map<string, number>;
} {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parent.set(child, node.id);
    }
  }
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let samples = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) {
      continue;
    }
    samples += hits;
    const name = frameName(node);
    self.set(name, (self.get(name) ?? 0) + hits);
    const seen = new Set<string>();
    for (let at: number | undefined = node.id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at);
      if (!frame) {
        break;
      }
      const frameKey = frameName(frame);
      if (!seen.has(frameKey)) {
        seen.add(frameKey);
        total.set(frameKey, (total.get(frameKey) ?? 0) + hits);
      }
    }
  }
  return { samples, self, total };
}

function printTop(title: string, counts: Map<string, number>, samples: number, keep: (name: string) => boolean) {
  console.log(`\n${title}`);
  const rows = [...counts].filter(([name]) => keep(name)).sort((a, b) => b[1] - a[1]).slice(0, TOP);
  for (const [name, hits] of rows) {
    console.log(`${((100 * hits) / samples).toFixed(1).padStart(6)} %  ${name}`);
  }
}

/** Profiles one route of LOAD_ROUTES on PostgreSQL; answers the exit code. */
export async function runProfileBench(routeName: string): Promise<number> {
  const route = LOAD_ROUTES.find((candidate) => candidate.name === routeName);
  if (!route) {
    console.log(`--profile takes one of: ${LOAD_ROUTES.map((candidate) => candidate.name).join(', ')}`);
    return 2;
  }
  const admin = await postgresAdmin();
  if (typeof admin === 'string') {
    console.log(`--profile needs PostgreSQL: ${admin}`);
    return 2;
  }
  const command = serverCommand();
  const directory = path.join(repoRoot, '.test-output', 'profiles', `${routeName}-${process.pid}`);
  fs.mkdirSync(directory, { recursive: true });
  const name = `muster_bench_profile_${process.pid}`;
  try {
    await admin.query(`create database ${name}`);
    const server = await startServer({
      name: 'API (profiled)',
      args: ['--cpu-prof', `--cpu-prof-dir=${directory}`, ...command.args],
      env: serverEnv({ databaseUrl: urlOf(name) }),
      port: await getPort({ host: '127.0.0.1' }),
      readyPath: '/api/health',
    });
    let measured;
    try {
      measured = await warmThenLoad(server, route.request(await routeContext(server)), route.expectedStatus, '/api/health');
    } finally {
      await stopServer(server);
    }
    console.log(`\n${route.label}: ${Math.round(measured.reqPerSec)} req/s, p50 ${measured.p50Ms} ms (profiled)`);
    const written = fs.readdirSync(directory).filter((file) => file.endsWith('.cpuprofile'));
    const file = written[0];
    if (!file) {
      console.log('The server wrote no profile (did it stop by itself?)');
      return 1;
    }
    const target = path.join(repoRoot, '.test-output', 'profiles', `${routeName}.cpuprofile`);
    fs.renameSync(path.join(directory, file), target);
    fs.rmSync(directory, { recursive: true, force: true });
    const { samples, self, total } = summariseProfile(JSON.parse(fs.readFileSync(target, 'utf8')) as CpuProfile);
    printTop('Self time (whole process, start-up included):', self, samples, () => true);
    printTop(
      'Total time of the project’s own functions:',
      total,
      samples,
      (frame) => /(apps|packages)\/[^ ]*:\d+$/.test(frame) && !frame.includes('node_modules'),
    );
    console.log(`\nProfile: ${path.relative(repoRoot, target)}`);
    return 0;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
