import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/context.js';
import type { DatabaseHandle } from '../client.js';
import { addresses, DEMO_ADDRESS_SOURCE } from '../schema/index.js';
import { demoAddressRows, seedDemoAddresses } from './demo-addresses.js';
import { seedDemo } from './demo.js';

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop?.());

async function demoCount(where = eq(addresses.source, DEMO_ADDRESS_SOURCE)): Promise<number> {
  const [row] = await database.db.select({ total: count() }).from(addresses).where(where);
  return row?.total ?? 0;
}

describe('the demo addresses', () => {
  it('come with the demo organisation, BS1 4DJ among them', async () => {
    await seedDemo(database.db);
    expect(await demoCount()).toBe(demoAddressRows().length);
    expect(demoAddressRows().length).toBeGreaterThanOrEqual(300);
    expect(await demoCount(eq(addresses.postcodeKey, 'BS14DJ'))).toBeGreaterThanOrEqual(5);
  });

  it('have unique, stable keys, so seeding again adds nothing', async () => {
    const rows = demoAddressRows();
    expect(new Set(rows.map((row) => row.sourceKey)).size).toBe(rows.length);
    expect(demoAddressRows()).toEqual(rows);
    await seedDemoAddresses(database.db);
    expect(await demoCount()).toBe(rows.length);
  });
});
