import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terms } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let organisation: Awaited<ReturnType<typeof createOrganisation>>;
let other: Awaited<ReturnType<typeof createOrganisation>>;

beforeAll(async () => {
  ctx = await createTestContext();
  organisation = await createOrganisation(ctx.db);
  other = await createOrganisation(ctx.db);
  await ctx.db.insert(terms).values([
    {
      organisationId: organisation.id,
      name: 'Privacy notice',
      link: 'https://example.org/privacy',
      position: 1,
    },
    {
      organisationId: organisation.id,
      name: 'Volunteer agreement',
      link: 'https://example.org/agreement',
      position: 0,
    },
    { organisationId: other.id, name: 'Theirs', link: 'https://example.com/terms', position: 0 },
  ]);
});
afterAll(() => ctx?.close());

describe('GET /api/organisation/terms', () => {
  it('lists the organisation’s terms in order as data.data, without a token, with or without the slash', async () => {
    for (const url of ['/api/organisation/terms', '/api/organisation/terms/']) {
      const response = await ctx.app.inject({ url, headers: { host: organisation.hosts[0] } });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({
        data: {
          data: [
            {
              id: expect.any(Number) as number,
              name: 'Volunteer agreement',
              link: 'https://example.org/agreement',
            },
            { id: expect.any(Number) as number, name: 'Privacy notice', link: 'https://example.org/privacy' },
          ],
        },
      });
    }
  });

  it('is registered before the generic catalogue, which skips a path already taken', () => {
    // The router stores the path without its trailing slash; the catalogue looks it up the same way.
    expect(ctx.app.hasRoute({ method: 'GET', url: '/api/organisation/terms' })).toBe(true);
  });

  it('answers each host with its own organisation’s terms', async () => {
    const response = await ctx.app.inject({
      url: '/api/organisation/terms',
      headers: { host: other.hosts[0] },
    });
    expect(response.json()).toEqual({
      data: {
        data: [{ id: expect.any(Number) as number, name: 'Theirs', link: 'https://example.com/terms' }],
      },
    });
  });
});
