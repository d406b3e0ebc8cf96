import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { reactToPreact } from './vite.config.ts';

/**
 * Files that need a module graph of their own, so they run isolated, one fresh graph per file: those
 * that test what a module does on its first use (loading the password estimator or the phone library
 * once), and those that mock a module other files import too (the yield helper, the router). In the
 * shared worker a module already loaded by another file keeps its real imports, whatever a later
 * file mocks, and `vi.resetModules()` would reset every file's graph there.
 */
const OWN_GRAPH_FILES = [
  'src/components/ui/password-strength/estimator.test.ts',
  'src/components/ui/password-strength/password-strength.lazy.test.tsx',
  'src/components/ui/telephone-input/phone-library-load.test.ts',
  'src/lib/yield/use-reveal-in-tasks.test.tsx',
  'src/app/start-app.test.tsx',
];

/**
 * Files whose tests run on Preact, as the browser build does (`reactToPreact`), with
 * react-day-picker inlined so that it takes the aliases too: for behaviour that differs between
 * the two runtimes (Preact runs a component's pending effects when it renders again). They render
 * with react-dom/client's API and Testing Library's DOM queries, not its React binding, which
 * loads react-dom from Node itself.
 */
const PREACT_FILES = ['src/**/*.preact.test.tsx'];

/** Testing Library's React binding and its clean-up; the Preact project has a set-up of its own. */
const REACT_SETUP = './src/test/setup.ts';

export default defineConfig({
  plugins: [react()],
  define: { __MUSTER_DEV_TOOLS__: 'true' },
  test: {
    environment: 'jsdom',
    // Vitest's default (cores - 1 workers) runs one file at a time on a 2-core machine.
    maxWorkers: os.availableParallelism(),
    // Whole flows (a form filled step by step) take a few seconds under load; the limit catches a hang.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          setupFiles: [REACT_SETUP],
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          exclude: [...OWN_GRAPH_FILES, ...PREACT_FILES],
          // One jsdom and one module graph per worker, not per file: setting up jsdom and importing
          // took about 5 s a file, over most of a hundred files. Testing Library unmounts after
          // every test (src/test/setup.ts), and no other file depends on a module's first use.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own graph', setupFiles: [REACT_SETUP], include: OWN_GRAPH_FILES } },
      {
        extends: true,
        resolve: { alias: reactToPreact },
        test: {
          name: 'preact',
          include: PREACT_FILES,
          setupFiles: ['./src/test/setup-preact.ts'],
          server: { deps: { inline: ['react-day-picker'] } },
        },
      },
    ],
  },
});
