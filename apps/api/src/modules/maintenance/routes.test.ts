import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applicationSubmissions } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';

const HOUR = 60 * 60 * 1000;
let ctx: TestContext;

beforeAll(async () => {
  // Only the interval is faked: the pass itself talks to the real database.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  vi.useRealTimers();
});

describe('the hourly maintenance pass', () => {
  it('starts with the server and deletes idempotency records past their window', async () => {
    const organisation = await createOrganisation(ctx.db, { hosts: ['maintenance.test'] });
    const record = { organisationId: organisation.id, requestHash: 'h', statusCode: 201, response: {} };
    await ctx.db.insert(applicationSubmissions).values([
      { ...record, idempotencyKey: 'stale', createdAt: new Date(Date.now() - 25 * HOUR) },
      { ...record, idempotencyKey: 'fresh' },
    ]);

    vi.advanceTimersByTime(HOUR);
    await expect
      .poll(async () => (await ctx.db.select().from(applicationSubmissions)).map((row) => row.idempotencyKey))
      .toEqual(['fresh']);
  });
});
