import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';
import { createOrganisation } from '../test/factories/organisation.js';

// Issue 10, finding 12: Fastify's own refusals in the JSON error shape, without echoing the URL.
let ctx: TestContext;
const host = 'framework-errors.test';
beforeAll(async () => {
  ctx = await createTestContext();
  await createOrganisation(ctx.db, { hosts: [host] });
});
afterAll(() => ctx?.close());

describe('refusals before routing', () => {
  it('answers a URL that cannot be decoded with 400 JSON', async () => {
    const response = await ctx.app.inject({ url: '/api/opportunities/secret-%E0%A4%A', headers: { host } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The address is not valid.' });
    expect(response.body).not.toContain('secret');
  });

  it('answers an over-long path parameter with 414 JSON', async () => {
    const response = await ctx.app.inject({
      url: `/api/opportunities/secret${'x'.repeat(2000)}`,
      headers: { host },
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'A part of the address is too long.' });
  });

  it('answers headers that are too large with 431 JSON, on a real socket', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      headers: { 'x-big': 'y'.repeat(20_000) },
    });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'The request headers are too large.' });
  });
});
