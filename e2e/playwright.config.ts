import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import getPort from 'get-port';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../apps/api/dist/server.js');

// A free loopback port, chosen once in the main process; workers inherit it through the environment.
process.env.E2E_PORT ??= String(await getPort({ host: '127.0.0.1' }));
const port = Number(process.env.E2E_PORT);
// Every run starts on an empty embedded database, which the server fills with the demo organisation.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'muster-e2e-'));
// The tests count what the demo's people see: its three years of made-up history stay out (so do
// they for the servers specs start themselves, which inherit this environment).
process.env.SEED_HISTORY ??= 'never';
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One directory per run: Playwright empties it at start, which must not hit a run in parallel.
  outputDir: path.resolve(here, `../.test-output/e2e-${port}`),
  fullyParallel: true,
  workers: 2,
  // One retry: a test that fails twice fails the run; one that passes on its retry is reported as
  // flaky in the summary (scripts/test.mjs) so that it is seen and fixed, not hidden.
  retries: 1,
  forbidOnly: Boolean(process.env.CI),
  // A test signs in (argon2 on purpose), loads the app and runs axe more than once: about 3 s a
  // sign-in and 2 s an axe pass on an idle 2-core machine, twice that under CI's load. The limit
  // catches a hang, not slowness; each expectation keeps its own short timeout.
  timeout: 60_000,
  expect: { timeout: 7_500 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node ${JSON.stringify(serverEntry)}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(process.env.E2E_DATA_DIR, 'db'),
      PUBLIC_ORIGIN: baseURL,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      MUSTER_DEV_TOOLS: '1',
      SEED_HISTORY: 'never',
    },
  },
});
