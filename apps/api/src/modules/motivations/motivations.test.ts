import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { motivations } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let organisation: Awaited<ReturnType<typeof createOrganisation>>;
let other: Awaited<ReturnType<typeof createOrganisation>>;

beforeAll(async () => {
  ctx = await createTestContext();
  organisation = await createOrganisation(ctx.db);
  other = await createOrganisation(ctx.db);
  await ctx.db.insert(motivations).values([
    { organisationId: organisation.id, content: 'Second', position: 1 },
    { organisationId: organisation.id, content: 'First', position: 0 },
    { organisationId: organisation.id, content: 'Staff only', position: 2, public: false },
    { organisationId: other.id, content: 'Another organisation', position: 0 },
  ]);
});
afterAll(() => ctx?.close());

const list = (query: string, host = organisation.hosts[0]) =>
  ctx.app.inject({ url: `/api/motivations/public${query}`, headers: { host } });

describe('GET /api/motivations/public', () => {
  it('lists the organisation’s public motivations in order, without a token', async () => {
    const response = await list('?limit=999');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { id: expect.any(Number) as number, content: 'First' },
        { id: expect.any(Number) as number, content: 'Second' },
      ],
    });
  });

  it('honours the limit and refuses a bad one', async () => {
    expect((await list('?limit=1')).json()).toEqual({
      data: [{ id: expect.any(Number) as number, content: 'First' }],
    });
    expect((await list('')).json<{ data: unknown[] }>().data).toHaveLength(2);
    for (const limit of ['0', '1000', 'many']) {
      const response = await list(`?limit=${limit}`);
      expect(response.statusCode, limit).toBe(422);
      expect(response.json()).toMatchObject({
        errors: { 'querystring.limit': [expect.any(String) as string] },
      });
    }
  });

  it('answers each host with its own organisation’s list', async () => {
    expect((await list('', other.hosts[0])).json()).toEqual({
      data: [{ id: expect.any(Number) as number, content: 'Another organisation' }],
    });
    expect((await list('', 'nobody.test')).statusCode).toBe(404);
  });
});
