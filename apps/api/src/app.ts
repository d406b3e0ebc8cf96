import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { apiVersionPlugin, isApiPath } from './plugins/api-version.js';
import { answerCachePlugin } from './plugins/answer-cache.js';
import { cacheControlPlugin } from './plugins/cache-control.js';
import { normaliseUrl } from './plugins/normalise-url.js';
import { errorsPlugin } from './plugins/errors.js';
import { answerClientError, answerFrameworkError } from './plugins/framework-errors.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { openapiPlugin } from './plugins/openapi.js';
import { tenancyPlugin } from './plugins/tenancy.js';
import { authPlugin, type TokenVerifier } from './plugins/auth.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webPageLookup } from './plugins/web-pages.js';
import { registerAuthRootRoutes } from './modules/auth/root-routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { outboxRoutes } from './modules/outbox/routes.js';
import { createOutbox } from './modules/outbox/service.js';
import { createTwilioSmsProvider } from './modules/two-factor-settings/twilio-sms.js';
import { registerModules } from './modules/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
    config: AppConfig;
  }
}

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  verifyToken?: TokenVerifier;
};

/** Largest JSON body accepted; uploads go through multipart with their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Builds the API server (and, when the web app is built, serves it from the same origin).
 * Tests call this with a fresh database and use `app.inject()`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: parseTrustProxy(config.trustProxy),
    // Signed link tokens (login, magic, reset links) travel as path parameters of 300-odd characters.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 1024 },
    genReqId: () => crypto.randomUUID(),
    rewriteUrl: (request) => normaliseUrl(request.url ?? '/'),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate(
    'outbox',
    createOutbox({
      db: database.db,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      smsProvider: config.twilio ? createTwilioSmsProvider(config.twilio) : undefined,
    }),
  );

  // HTTPS-only directives would break a plain-HTTP install (the demo on localhost), so they follow PUBLIC_ORIGIN.
  const https = config.publicOrigin.startsWith('https:');
  await app.register(securityHeadersPlugin, {
    hsts: https,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        scriptSrcAttr: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
  });
  // Before every route: it compresses the routes registered after it. JSON answers, and what
  // mime-db calls compressible (CSV exports), brotli or gzip as the client accepts, from 1 KB (the
  // apply form's steps are 3.5 KB of JSON before it can draw); event streams (not in mime-db),
  // PDFs, spreadsheets and images go as they are, and the web app's files come pre-compressed.
  await app.register(fastifyCompress, { customTypes: /(?:\+|\/)json(?:;|$)/, encodings: ['br', 'gzip'] });
  // Before every route: the OpenAPI document (`/api/openapi.json`, `/api/docs`) collects routes as they are added.
  await app.register(openapiPlugin);
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(apiVersionPlugin);
  await app.register(cacheControlPlugin);
  await app.register(answerCachePlugin);
  await app.register(tenancyPlugin);
  await app.register(authPlugin, options.verifyToken ? { verifyToken: options.verifyToken } : {});
  await app.register(rateLimitPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  if (config.devTools) {
    // Development pages live at the root, outside the API and its tenancy, for this machine only.
    app.addHook('onRequest', async (request, reply) => {
      if (isDevPage(request.url) && !fromLoopback(request)) {
        return reply.status(404).send({ message: 'Not found.' });
      }
      return undefined;
    });
    await app.register(outboxRoutes);
  }
  await registerModules(app);
  // Sign-in routes browsers reach directly (logout form, emailed links, SSO): at the root, not under /api.
  await app.register(registerAuthRootRoutes);

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const webPage = hasWeb ? webPageLookup(config.webDist) : () => ({ file: 'index.html', link: null });
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The web build writes a .br and a .gz beside each file (apps/web/vite.config.ts): a browser
      // gets the smallest it accepts, with no compression work per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', webFileCacheControl(filePath));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isApiPath(url)) {
      return reply.status(404).send({ message: `No API route ${request.method} ${url}.` });
    }
    // Dev pages (`/dev/outbox`, `/dev/widgets`) exist only with the development tools, not even as app routes.
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && (config.devTools || !isDevPage(url))) {
      // Client-side routes: the single-page app answers them, with its route's code and reads to preload.
      const page = webPage(url);
      if (page.link) {
        reply.header('link', page.link);
      }
      return reply.type('text/html; charset=utf-8').sendFile(page.file);
    }
    return reply.status(404).send({ message: 'Not found.' });
  });
  return app;
}

/**
 * Vite names every file under `assets/` after its content, so a browser may keep it for good; the
 * rest (index.html, icons) must be checked again, or a new release would not reach it.
 */
export function webFileCacheControl(filePath: string): string {
  return /[/\\]assets[/\\][^/\\]+$/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** True for the development pages' paths. */
function isDevPage(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/dev' || path.startsWith('/dev/');
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A request from this machine itself: the socket AND the client address are loopback, and no
 * proxy forwarded it (a reverse proxy on the same machine would make every socket loopback).
 */
function fromLoopback(request: { socket: { remoteAddress?: string | undefined }; ip: string; headers: Record<string, unknown> }): boolean {
  return (
    LOOPBACK.test(request.socket.remoteAddress ?? '') &&
    LOOPBACK.test(request.ip) &&
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined
  );
}

/**
 * `TRUST_PROXY`: unset or `false` uses the socket's address (the default); `true` trusts every
 * proxy; a number trusts that many hops; anything else is a list of proxy addresses or subnets.
 */
function parseTrustProxy(value: string | undefined): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === '' || value === 'false') {
    return false;
  }
  if (value === 'true') {
    return true;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
