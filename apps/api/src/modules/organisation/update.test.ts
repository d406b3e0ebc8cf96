import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organisationResponseSchema } from '@muster/contract';
import { organisations } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';

/*
 * The catalogue's `organisation.detailed` and `organisation.timezones` updates (issue 11): an
 * administrator changes the organisation served at the host; the cached public detail follows at once.
 */

let ctx: TestContext;
let tenant: Tenant;
let elsewhere: Tenant;
let admin: Caller;
let plain: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.app);
  elsewhere = await createTenant(ctx.app);
  admin = await tenant.person(['manage-organisation']);
  plain = await tenant.person(['view-users']);
});
afterAll(() => ctx.close());

async function stored(id: number) {
  const [row] = await ctx.db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}

async function publicDetail() {
  const response = await ctx.app.inject({ url: '/api/organisation/detailed/', headers: tenant.anonymous });
  return organisationResponseSchema.parse(response.json()).data;
}

describe('PUT /api/organisation/detailed/{id}', () => {
  it('changes the details, and the cached public detail shows them at once', async () => {
    expect((await publicDetail()).currency_symbol).toBe('£');
    const response = await callAs(ctx.app, admin.headers, 'PUT', `/api/organisation/detailed/${tenant.id}`, {
      name: 'Coastal Volunteers',
      minor_age: 16,
      currency_symbol: '€',
      date_format: 'Y-MM-DD',
      timezone: 'Europe/Dublin',
    });
    expect(response.statusCode).toBe(200);
    expect(organisationResponseSchema.parse(response.json()).data).toMatchObject({
      id: tenant.id,
      name: 'Coastal Volunteers',
      minor_age: 16,
      currency_symbol: '€',
      date_format: 'Y-MM-DD',
      timezone: 'Europe/Dublin',
    });
    expect(await stored(tenant.id)).toMatchObject({
      name: 'Coastal Volunteers',
      minorAge: 16,
      timezone: 'Europe/Dublin',
    });
    expect(await publicDetail()).toMatchObject({ name: 'Coastal Volunteers', currency_symbol: '€' });
  });

  it('keeps omitted fields', async () => {
    const before = await stored(tenant.id);
    const response = await callAs(ctx.app, admin.headers, 'PUT', `/api/organisation/detailed/${tenant.id}`, {
      minor_age: 18,
    });
    expect(response.statusCode).toBe(200);
    expect(await stored(tenant.id)).toMatchObject({
      name: before?.name,
      minorAge: 18,
      dateFormat: before?.dateFormat,
    });
  });

  it('answers 422 at each bad field, and writes nothing', async () => {
    const before = await stored(tenant.id);
    const response = await callAs(ctx.app, admin.headers, 'PUT', `/api/organisation/detailed/${tenant.id}`, {
      name: '',
      minor_age: 1.5,
      date_format: 'whatever',
      timezone: 'Mars/Olympus',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'date_format',
      'minor_age',
      'name',
      'timezone',
    ]);
    expect(await stored(tenant.id)).toEqual(before);
  });

  it('answers 401 and 403 before validating, and 404 for another organisation’s id', async () => {
    const url = `/api/organisation/detailed/${tenant.id}`;
    expect((await callAs(ctx.app, tenant.anonymous, 'PUT', url, { name: '' })).statusCode).toBe(401);
    expect((await callAs(ctx.app, plain.headers, 'PUT', url, { name: '' })).statusCode).toBe(403);
    const across = await callAs(ctx.app, admin.headers, 'PUT', `/api/organisation/detailed/${elsewhere.id}`, {
      name: 'Taken over',
    });
    expect(across.statusCode).toBe(404);
    expect((await stored(elsewhere.id))?.name).not.toBe('Taken over');
    expect(
      (await callAs(ctx.app, admin.headers, 'PUT', '/api/organisation/detailed/abc', { name: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/organisation/timezones/{id}', () => {
  it('sets an IANA time zone, shown at once in the public detail', async () => {
    const response = await callAs(ctx.app, admin.headers, 'PUT', `/api/organisation/timezones/${tenant.id}`, {
      timezone: 'America/New_York',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { id: tenant.id, timezone: 'America/New_York' } });
    expect((await stored(tenant.id))?.timezone).toBe('America/New_York');
    expect((await publicDetail()).timezone).toBe('America/New_York');
    const utc = await callAs(ctx.app, admin.headers, 'PUT', `/api/organisation/timezones/${tenant.id}`, {
      timezone: 'UTC',
    });
    expect(utc.statusCode).toBe(200);
  });

  it('answers 422 for names that are not IANA time zones', async () => {
    for (const timezone of ['Mars/Olympus', '+01:00', 'Europe/London; drop table', '', 'x'.repeat(65)]) {
      const response = await callAs(
        ctx.app,
        admin.headers,
        'PUT',
        `/api/organisation/timezones/${tenant.id}`,
        { timezone },
      );
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['timezone']);
    }
    expect((await stored(tenant.id))?.timezone).toBe('UTC');
  });

  it('answers 401 and 403 before validating, and 404 for another organisation’s id', async () => {
    const url = `/api/organisation/timezones/${tenant.id}`;
    expect((await callAs(ctx.app, tenant.anonymous, 'PUT', url, { timezone: 'nope' })).statusCode).toBe(401);
    expect((await callAs(ctx.app, plain.headers, 'PUT', url, { timezone: 'nope' })).statusCode).toBe(403);
    const across = await callAs(
      ctx.app,
      admin.headers,
      'PUT',
      `/api/organisation/timezones/${elsewhere.id}`,
      {
        timezone: 'Asia/Tokyo',
      },
    );
    expect(across.statusCode).toBe(404);
    expect((await stored(elsewhere.id))?.timezone).not.toBe('Asia/Tokyo');
  });
});
