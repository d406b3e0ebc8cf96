import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';

describe('tenancy: the Host picks the organisation', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createOrganisation(ctx.db, { name: 'North Trust', hosts: ['north.test'], currencySymbol: '€' });
    await createOrganisation(ctx.db, { name: 'South Trust', hosts: ['south.test', 'South.Example'] });
  });
  afterAll(() => ctx?.close());

  it('serves each organisation at its own hosts, case-insensitively and with a port', async () => {
    const north = await ctx.app.inject({ url: '/api/organisation/detailed/', headers: { host: 'north.test' } });
    expect(north.statusCode).toBe(200);
    expect(north.json()).toMatchObject({ data: { name: 'North Trust', currency_symbol: '€', minor_age: 18 } });
    const south = await ctx.app.inject({ url: '/api/organisation/detailed', headers: { host: 'south.example:8080' } });
    expect(south.json()).toMatchObject({ data: { name: 'South Trust', currency_symbol: '£' } });
  });

  it('answers 404 JSON for a host no organisation serves when there are several', async () => {
    const response = await ctx.app.inject({ url: '/api/organisation/detailed', headers: { host: 'elsewhere.test' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No organisation is served at this address.' });
  });
});

describe('tenancy: a single organisation needs no host list', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createOrganisation(ctx.db, { name: 'Only Trust', hosts: [] });
  });
  afterAll(() => ctx?.close());

  it('falls back to the only organisation', async () => {
    const response = await ctx.app.inject({ url: '/api/organisation/detailed', headers: { host: 'anything.test' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { name: 'Only Trust' } });
  });
});

describe('organisation detail never leaks single sign-on secrets', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createOrganisation(ctx.db, {
      hosts: ['sso.test'],
      ssoProvider: { name: 'Acme ID', issuer: 'https://id.acme.test', clientId: 'muster', clientSecret: 's3cret' },
    });
  });
  afterAll(() => ctx?.close());

  it('names the provider only', async () => {
    const response = await ctx.app.inject({ url: '/api/organisation/detailed', headers: { host: 'sso.test' } });
    expect(response.json()).toMatchObject({ data: { sso_provider: { name: 'Acme ID' } } });
    expect(response.body).not.toContain('s3cret');
    expect(response.body).not.toContain('clientId');
  });
});
