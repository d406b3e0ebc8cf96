import { ensureTemplates } from './template.js';

/** Vitest global setup: build the migrated database templates once for the whole run. */
export async function setup(): Promise<void> {
  await ensureTemplates(process.env.MUSTER_TEST_DATABASE_URL);
}
