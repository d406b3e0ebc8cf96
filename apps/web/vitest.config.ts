import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  define: { __MUSTER_DEV_TOOLS__: 'true' },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Vitest's default (cores - 1 workers) runs one file at a time on a 2-core machine.
    maxWorkers: os.availableParallelism(),
    setupFiles: ['./src/test/setup.ts'],
  },
});
