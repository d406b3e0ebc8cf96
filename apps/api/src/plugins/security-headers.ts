import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Sets helmet's security headers (Content-Security-Policy, Strict-Transport-Security,
 * X-Frame-Options…) on every response. Helmet's middleware is built from `options` once, here:
 * @fastify/helmet built it again for every request, parsing and checking the whole
 * Content-Security-Policy each time. The headers go on the raw response at `onRequest`, as they did
 * there, so that every answer carries them (errors, 404s, files).
 */
export const securityHeadersPlugin = fp<HelmetOptions>(
  async (app: FastifyInstance, options) => {
    const setHeaders = helmet(options);
    const hook: onRequestHookHandler = (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error?: unknown) => {
        done(error instanceof Error ? error : undefined);
      });
    };
    app.addHook('onRequest', hook);
  },
  { name: 'security-headers' },
);
