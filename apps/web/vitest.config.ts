import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react()],
  define: { __MUSTER_DEV_TOOLS__: 'true' },
  test: {
    environment: 'jsdom',
    // Vitest's default (cores - 1 workers) runs one file at a time on a 2-core machine.
    maxWorkers: os.availableParallelism(),
    setupFiles: ['./src/test/setup.ts'],
    // Whole flows (a form filled step by step) take a few seconds under load; the limit catches a hang.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          exclude: OWN_GRAPH_FILES,
          // One jsdom and one module graph per worker, not per file: setting up jsdom and importing
          // took about 5 s a file, over most of a hundred files. Testing Library unmounts after
          // every test (src/test/setup.ts), and no other file depends on a module's first use.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own graph', include: OWN_GRAPH_FILES } },
    ],
  },
});
