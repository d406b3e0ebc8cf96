// Generates migrations from the schema with drizzle-kit. Until the first release every
// migration is squashed into one initial file (pass --squash); afterwards plain generate.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'src', 'db', 'migrations');
if (process.argv.includes('--squash')) {
  fs.rmSync(out, { recursive: true, force: true });
}
const name = process.argv.includes('--squash') ? 'init' : (process.argv[2] ?? 'change');
execFileSync('npx', ['drizzle-kit', 'generate', '--name', name], { cwd: root, stdio: 'inherit' });
