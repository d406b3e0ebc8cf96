import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';
import { createOrganisation } from '../test/factories/organisation.js';
import { normaliseUrl } from './normalise-url.js';

describe('normaliseUrl', () => {
  it.each([
    ['//api/users/1', '/api/users/1'],
    ['/%61pi/users/1', '/api/users/1'],
    ['/%41%50%49', '/API'],
    ['///api//opportunities///1', '/api/opportunities/1'],
    ['/api/geocode/search?q=a//b&x=%61', '/api/geocode/search?q=a//b&x=%61'],
    ['/api/files/%2F..%2Fetc', '/api/files/%2F..%2Fetc'],
    ['/api/x%7e%2d%5f', '/api/x~-_'],
  ])('%j becomes %j', (url, expected) => {
    expect(normaliseUrl(url)).toBe(expected);
  });
});

// Issue 10, finding 13: tenancy must see the path the router matches.
describe('tenancy on disguised API paths', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createOrganisation(ctx.db, { hosts: ['normalise-a.test'] });
    await createOrganisation(ctx.db, { hosts: ['normalise-b.test'] });
  });
  afterAll(() => ctx?.close());

  it.each(['//api/organisation/timezones', '/%61pi/organisation/timezones', '/ap%69/organisation/timezones'])(
    'answers %j from an unknown host with the tenancy 404, never a handler',
    async (url) => {
      const response = await ctx.app.inject({ url, headers: { host: 'nobody.test' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'No organisation is served at this address.' });
    },
  );

  it.each(['//api/organisation/timezones', '/%61pi/organisation/timezones'])(
    'applies every API hook to %j, as to the plain path (version check, media type, no-store)',
    async (url) => {
      const refused = await ctx.app.inject({
        url,
        headers: { host: 'normalise-a.test', accept: 'application/vnd.muster.v2+json' },
      });
      expect(refused.statusCode).toBe(406);
      const served = await ctx.app.inject({ url, headers: { host: 'normalise-a.test' } });
      expect(served.headers['content-type']).toMatch(/^application\/vnd\.muster\.v3\+json/);
      expect(served.headers['cache-control']).toBe('no-store');
    },
  );

  it('serves the same disguised path normally on a known host', async () => {
    const response = await ctx.app.inject({
      url: '/%61pi/organisation/timezones',
      headers: { host: 'normalise-a.test' },
    });
    expect(response.statusCode).toBe(200);
  });
});
