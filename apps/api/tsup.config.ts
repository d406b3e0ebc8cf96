import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/server.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  sourcemap: true,
  clean: true,
  // The contract is consumed as TypeScript source, so it is compiled into the bundle.
  noExternal: ['@muster/contract', 'date-fns'],
});
