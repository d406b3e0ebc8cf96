import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    // One module graph per worker, not per file: importing the app took about 5 s per file, over
    // 160 files, twice a CI run. Every file builds its own app on its own database, and the files
    // that fake timers restore them, so nothing a file does leaks into the next one.
    isolate: false,
    // Vitest's default leaves a core idle on a 2-core machine (cores - 1 workers), while most of a
    // file's time is spent waiting on its database or on the server processes it starts.
    maxWorkers: os.availableParallelism(),
    globalSetup: ['./src/test/global-setup.ts'],
    // Each file opens its own database; PGlite start-up and migrations take a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
