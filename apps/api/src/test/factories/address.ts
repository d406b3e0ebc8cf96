import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { addresses } from '../../db/schema/index.js';

type NewAddress = typeof addresses.$inferInsert;

/**
 * Inserts gazetteer addresses (global reference data, source `test`) and returns them as stored.
 * Each row needs at least a street and a postcode; it gets a unique source key.
 */
export async function createAddresses(
  db: Executor,
  rows: Array<Partial<NewAddress> & Pick<NewAddress, 'street' | 'postcode'>>,
) {
  if (rows.length === 0) {
    return [];
  }
  return db
    .insert(addresses)
    .values(rows.map((row) => ({ source: 'test', sourceKey: randomUUID(), city: 'Testbury', ...row })))
    .returning();
}
