import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The `apps/api` directory, found by walking up from this module: the same answer from
 * `src/` (tsx, vitest) and from the bundled `dist/server.js`.
 */
export function findPackageRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const name = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name;
      if (name === '@muster/api') {
        return dir;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error('Cannot find the @muster/api package root');
    }
    dir = parent;
  }
}
