import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from './security-headers.js';

// Issue 13: helmet's options (the whole Content-Security-Policy) are parsed once, not per request.
// The directives are read through a getter, which counts how often helmet parses them.
let parsed = 0;
const contentSecurityPolicy = {
  useDefaults: false,
  get directives() {
    parsed += 1;
    return { defaultSrc: ["'self'"], objectSrc: ["'none'"], upgradeInsecureRequests: null };
  },
};

const app = Fastify();
afterAll(() => app.close());

describe('the security headers', () => {
  it('are worked out once and set on every answer, errors and unknown paths too', async () => {
    await app.register(securityHeadersPlugin, { contentSecurityPolicy });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    await app.ready();
    const built = parsed;
    expect(built).toBeGreaterThan(0);
    for (const url of ['/ok', '/ok', '/fails', '/missing']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy']).toBe("default-src 'self';object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=/);
    }
    expect(parsed).toBe(built);
  });

  it('works out a directive given as a function (a nonce) for each request', async () => {
    const perRequest = Fastify();
    let nonce = 0;
    await perRequest.register(securityHeadersPlugin, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'self'"], scriptSrc: [() => `'nonce-${String((nonce += 1))}'`] },
      },
    });
    perRequest.get('/ok', async () => ({ ok: true }));
    const first = await perRequest.inject({ url: '/ok' });
    const second = await perRequest.inject({ url: '/ok' });
    expect(first.headers['content-security-policy']).toBe("default-src 'self';script-src 'nonce-1'");
    expect(second.headers['content-security-policy']).toBe("default-src 'self';script-src 'nonce-2'");
    expect(second.headers['x-powered-by']).toBeUndefined();
    await perRequest.close();
  });
});
