import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MEDIA_TYPE, timezoneListResponseSchema } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createTimezones } from '../../test/factories/timezones.js';

let ctx: TestContext;
const host = 'timezones.test';

beforeAll(async () => {
  ctx = await createTestContext();
  await createOrganisation(ctx.db, { hosts: [host] });
});
afterAll(() => ctx.close());

describe('GET /api/organisation/timezones/', () => {
  it('answers an empty list when no time zones are stored', async () => {
    const response = await ctx.app.inject({ url: '/api/organisation/timezones/', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it('lists every stored time zone as {name, display_text}, ordered by display text, without signing in', async () => {
    await createTimezones(ctx.db, [
      { name: 'Europe/Paris', displayText: '(GMT+01:00) Paris' },
      { name: 'Europe/London', displayText: '(GMT+00:00) London' },
      { name: 'America/New_York', displayText: '(GMT-05:00) New York' },
    ]);
    const response = await ctx.app.inject({
      url: '/api/organisation/timezones/',
      headers: { host, accept: API_MEDIA_TYPE },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(`${API_MEDIA_TYPE}; charset=utf-8`);
    const body = timezoneListResponseSchema.parse(response.json());
    expect(body.data).toEqual([
      { name: 'Europe/London', display_text: '(GMT+00:00) London' },
      { name: 'Europe/Paris', display_text: '(GMT+01:00) Paris' },
      { name: 'America/New_York', display_text: '(GMT-05:00) New York' },
    ]);
  });

  it('answers without the trailing slash too', async () => {
    const response = await ctx.app.inject({ url: '/api/organisation/timezones', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: unknown[] }>().data).toHaveLength(3);
  });

  it('refuses another API version with 406', async () => {
    const response = await ctx.app.inject({
      url: '/api/organisation/timezones/',
      headers: { host, accept: 'application/vnd.muster.v2+json' },
    });
    expect(response.statusCode).toBe(406);
  });
});
