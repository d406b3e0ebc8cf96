import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** What helmet does to a response: the headers it sets and the ones it takes away. */
type HeaderWork = { set: Array<[string, string]>; removed: string[] };

/** True when a Content-Security-Policy directive is worked out per request (a nonce function). */
function hasPerRequestDirective(options: HelmetOptions): boolean {
  const policy = options.contentSecurityPolicy;
  const directives = typeof policy === 'object' ? policy.directives : undefined;
  return Object.values(directives ?? {}).some(
    (value: unknown) =>
      typeof value === 'function' ||
      (typeof value === 'object' && value !== null && Symbol.iterator in value
        ? [...(value as Iterable<unknown>)].some((element) => typeof element === 'function')
        : false),
  );
}

/**
 * The headers helmet's middleware sets, read once from a response that only records them; null
 * when a directive is a function, whose value helmet must then work out for each request.
 */
function recordHeaderWork(setHeaders: ReturnType<typeof helmet>, options: HelmetOptions): HeaderWork | null {
  if (hasPerRequestDirective(options)) {
    return null;
  }
  const work: HeaderWork = { set: [], removed: [] };
  const recorder = {
    setHeader(name: string, value: unknown) {
      work.set.push([name, String(value)]);
    },
    removeHeader(name: string) {
      work.removed.push(name);
    },
  };
  let failure: unknown;
  setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) {
    throw failure instanceof Error ? failure : new Error('helmet refused its options');
  }
  return work;
}

/**
 * Sets helmet's security headers (Content-Security-Policy, Strict-Transport-Security,
 * X-Frame-Options…) on every response. Helmet's middleware is built from `options` once, here:
 * @fastify/helmet built it again for every request, parsing and checking the whole
 * Content-Security-Policy each time. With fixed directives (no nonce functions) the headers it
 * sets are also read once, and each request only copies them, without helmet's dozen middleware
 * calls. The headers go on the raw response at `onRequest`, as they did there, so that every answer
 * carries them (errors, 404s, files).
 */
export const securityHeadersPlugin = fp<HelmetOptions>(
  async (app: FastifyInstance, options) => {
    const setHeaders = helmet(options);
    const work = recordHeaderWork(setHeaders, options);
    const hook: onRequestHookHandler = work
      ? (_request, reply, done) => {
          const response = reply.raw;
          for (const [name, value] of work.set) {
            response.setHeader(name, value);
          }
          for (const name of work.removed) {
            response.removeHeader(name);
          }
          done();
        }
      : (request, reply, done) => {
          setHeaders(request.raw, reply.raw, (error?: unknown) => {
            done(error instanceof Error ? error : undefined);
          });
        };
    app.addHook('onRequest', hook);
  },
  { name: 'security-headers' },
);
