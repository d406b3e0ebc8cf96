import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  logoutBodySchema,
  logoutQuerySchema,
  messageResponseSchema,
  passwordEmailBodySchema,
  ssoCallbackQuerySchema,
  ssoRedirectQuerySchema,
} from '@muster/contract';
import { bearerToken, requestMeta } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { clientAddressKey } from '../../plugins/rate-limit.js';
import { findOrganisationForHost, type OrganisationRow } from '../organisation/repository.js';
import { AUTH_LIMITS } from './deps.js';
import { countingFailures } from './counting-failures.js';
import { authLimitRules } from './limits.js';
import { followMagicLink, requestPasswordReset, RESET_REQUESTED } from './links.js';
import { safeReturnPath } from './return-path.js';
import { endSession } from './sessions.js';
import { finishSso, SSO_BINDING_COOKIE, SsoFailure, startSso } from './sso.js';

const redirectSchema = z.null().describe('Redirect: see the Location header.');
const htmlSchema = z.string().describe('An HTML page.');
const magicParamsSchema = z.object({ token: z.string().min(1).max(4096).describe('The magic link token.') });

/** Root paths serve no tenant through the tenancy plugin; these resolve the Host themselves. */
async function organisationForHost(app: FastifyInstance, request: FastifyRequest): Promise<OrganisationRow> {
  const organisation = await findOrganisationForHost(app.db, request.hostname);
  if (!organisation) {
    throw new HttpError(404, 'No organisation is served at this address.');
  }
  return organisation;
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      return value.join('=');
    }
  }
  return undefined;
}

function bindingCookie(publicOrigin: string, value: string, maxAge: number): string {
  const secure = publicOrigin.startsWith('https:') ? '; Secure' : '';
  return `${SSO_BINDING_COOKIE}=${value}; Path=/auth/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The magic link's landing page: one button that POSTs, so mail scanners that fetch links do not use it up. */
function magicLinkPage(token: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>Finish signing in</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 4rem auto; padding: 0 1rem">
<h1>Finish signing in</h1>
<p>Press the button to finish signing in on this device.</p>
<form method="post" action="/auth/magic/${escapeHtml(encodeURIComponent(token))}">
<button type="submit" style="font-size: 1rem; padding: 0.5rem 1rem">Sign in</button>
</form></body></html>`;
}

function noStore(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
}

/**
 * The sign-in routes at the site root (not under `/api`): logout, the reset-link request, magic
 * links and single sign-on. Browsers reach these directly (forms, emailed links, providers'
 * redirects), so they answer with redirects where a page is expected.
 */
export async function registerAuthRootRoutes(app: FastifyInstance): Promise<void> {
  const root = app.withTypeProvider<ZodTypeProvider>();
  const resetAddress = app.limiter(authLimitRules.resetAddress);
  const resetEmail = app.limiter(authLimitRules.resetEmail);
  const linkAddress = app.limiter(authLimitRules.linkAddress);

  // Logout is also a plain HTML form post.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
  }

  root.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session and go back to the return address (this site only)',
        body: logoutBodySchema,
        querystring: logoutQuerySchema,
        response: { 303: redirectSchema, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request) ?? request.body?.token;
      if (token) {
        await endSession(app.auth, token, requestMeta(request));
      }
      noStore(reply);
      const target = request.body?.return ?? request.query.return;
      return reply.redirect(safeReturnPath(target, app.config.publicOrigin, '/'), 303);
    },
  );

  root.post(
    '/password/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (same answer whether or not the address has an account)',
        body: passwordEmailBodySchema,
        response: {
          200: messageResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const organisation = await organisationForHost(app, request);
      await resetAddress.consume(request, clientAddressKey(request));
      await resetEmail.consume(request, `${organisation.id}:${request.body.email.toLowerCase()}`);
      await requestPasswordReset(app.auth, {
        organisation,
        email: request.body.email,
        intended: request.body.intended,
        meta: requestMeta(request),
      });
      return { message: RESET_REQUESTED };
    },
  );

  root.get(
    '/auth/magic/:token',
    {
      logLevel: 'warn',
      schema: {
        hide: true,
        params: magicParamsSchema,
        response: { 200: { content: { 'text/html': { schema: htmlSchema } } }, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return reply.type('text/html; charset=utf-8').send(magicLinkPage(request.params.token));
    },
  );

  root.post(
    '/auth/magic/:token',
    {
      logLevel: 'warn',
      schema: {
        tags: ['auth'],
        summary: 'Use a magic sign-in link; redirects with the session token in the fragment',
        params: magicParamsSchema,
        response: {
          303: redirectSchema,
          401: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { location } = await countingFailures(request, [[linkAddress, clientAddressKey(request)]], () =>
        followMagicLink(app.auth, { token: request.params.token, meta: requestMeta(request) }),
      );
      noStore(reply);
      return reply.redirect(location, 303);
    },
  );

  root.get(
    '/auth/sso/redirect',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start single sign-on with the organisation’s OpenID provider',
        querystring: ssoRedirectQuerySchema,
        response: {
          302: redirectSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const organisation = await organisationForHost(app, request);
      const { location, binding } = await startSso(app.auth, {
        organisation,
        redirect: request.query.redirect,
      });
      noStore(reply);
      void reply.header(
        'set-cookie',
        bindingCookie(app.config.publicOrigin, binding, AUTH_LIMITS.ssoStateTtlSeconds),
      );
      return reply.redirect(location, 302);
    },
  );

  root.get(
    '/auth/sso/callback',
    {
      // The authorisation code is in the query: keep the access log lines out.
      logLevel: 'warn',
      schema: {
        tags: ['auth'],
        summary: 'Single sign-on callback; redirects with the session token (or `sso_error`) in the fragment',
        querystring: ssoCallbackQuerySchema,
        response: { 303: redirectSchema, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      noStore(reply);
      void reply.header('set-cookie', bindingCookie(app.config.publicOrigin, '', 0));
      try {
        const { location } = await finishSso(app.auth, {
          query,
          state: request.query.state,
          binding: readCookie(request, SSO_BINDING_COOKIE),
          meta: requestMeta(request),
        });
        return await reply.redirect(location, 303);
      } catch (error) {
        if (error instanceof SsoFailure) {
          return reply.redirect(`${error.redirect}#sso_error=${error.code}`, 303);
        }
        throw error;
      }
    },
  );
}
