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
});
