import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  heartbeatQuerySchema,
  heartbeatResponseSchema,
  loginLinkParamsSchema,
  loginLinkQuerySchema,
  messageResponseSchema,
  mobileOrganisationsQuerySchema,
  mobileOrganisationsResponseSchema,
  mobileRequestTokenBodySchema,
  mobileVerifyTokenBodySchema,
  mobileVerifyTokenResponseSchema,
  passwordResetBodySchema,
  refreshBodySchema,
  refreshConflictSchema,
  refreshResponseSchema,
  signInBodySchema,
  signInResponseSchema,
  twoFactorBodySchema,
  twoFactorResponseSchema,
} from '@muster/contract';
import { requestMeta } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { clientAddressKey, type Limiter } from '../../plugins/rate-limit.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { countingFailures } from './counting-failures.js';
import { authLimitRules } from './limits.js';
import { followLoginLink, resetPassword } from './links.js';
import {
  MOBILE_CODE_REQUESTED,
  organisationsForEmail,
  requestMobileCode,
  verifyMobileCode,
} from './mobile.js';
import { touchLastActivity } from './repository.js';
import { refreshSession } from './sessions.js';
import { signInWithPassword } from './sign-in.js';
import { completeSecondFactor } from './two-factor.js';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    number,
    typeof errorResponseSchema
  >;

/**
 * Calls that prove who is calling by their body (password, code, token) rather than the session:
 * a sign-in held to two-factor set-up may still make them (e.g. renew its token once set up).
 */
const provenByBody = { duringTwoFactorEnrolment: 'allowed' } as const;

/** A redirect answer: `Location` carries the address; the body is empty. */
const redirectSchema = z.null().describe('Redirect: see the Location header.');

/**
 * Sign-in API under `/api` (platform-foundation §7 sign-in and mobile calls, applicant-flow §7):
 * password sign-in, the second factor, renewal, password reset completion, login links, mobile
 * sign-in and the heartbeat. The root-path routes (logout, reset request, magic links, single
 * sign-on) are in `root-routes.ts`.
 */
export async function registerAuthModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limit = Object.fromEntries(
    Object.entries(authLimitRules).map(([name, rule]) => [name, app.limiter(rule)]),
  ) as Record<keyof typeof authLimitRules, Limiter>;

  api.post(
    '/auth/api',
    {
      config: provenByBody,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: signInBodySchema,
        response: { 200: signInResponseSchema, ...errors(401, 403, 409, 422, 429) },
      },
    },
    async (request) => {
      const organisation = organisationOf(request);
      const accountKey = `${organisation.id}:${request.body.email.toLowerCase()}`;
      return countingFailures(
        request,
        [
          [limit.signInAccount, accountKey],
          [limit.signInAddress, clientAddressKey(request)],
        ],
        // Only refused credentials (SignInRefused, 401/403) count against the limits.
        () => signInWithPassword(app.auth, { organisation, body: request.body, meta: requestMeta(request) }),
      );
    },
  );

  api.post(
    '/auth/api/token',
    {
      config: provenByBody,
      schema: {
        tags: ['auth'],
        summary: 'Complete a sign-in with its second factor',
        body: twoFactorBodySchema,
        response: { 200: twoFactorResponseSchema, ...errors(401, 403, 409, 422, 429) },
      },
    },
    async (request) => {
      const organisation = organisationOf(request);
      const { token, key, code, trust } = request.body;
      const result = await countingFailures(request, [[limit.codeAddress, clientAddressKey(request)]], () =>
        completeSecondFactor(app.auth, {
          organisation,
          interimToken: token,
          code: key ?? code ?? '',
          ...(request.body.recovery_code === undefined ? {} : { recoveryCode: request.body.recovery_code }),
          trust,
          meta: requestMeta(request),
        }),
      );
      return {
        token: result.token,
        two_factor: false as const,
        ...(result.deviceToken ? { device_token: result.deviceToken } : {}),
      };
    },
  );

  api.post(
    '/auth/api/refresh',
    {
      config: provenByBody,
      schema: {
        tags: ['auth'],
        summary: 'Renew a session token (revokes the old one)',
        body: refreshBodySchema,
        response: { 200: refreshResponseSchema, 409: refreshConflictSchema, ...errors(401, 403, 422) },
      },
    },
    async (request) =>
      refreshSession(app.auth, {
        token: request.body.token,
        requestOrganisationId: organisationOf(request).id,
        meta: requestMeta(request),
      }),
  );

  api.post(
    '/password/reset',
    {
      config: provenByBody,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset link (does not sign in)',
        body: passwordResetBodySchema,
        response: { 200: messageResponseSchema, ...errors(401, 403, 422, 429) },
      },
    },
    async (request) => {
      const organisation = organisationOf(request);
      await countingFailures(request, [[limit.linkAddress, clientAddressKey(request)]], () =>
        resetPassword(app.auth, { organisation, body: request.body, meta: requestMeta(request) }),
      );
      return { message: 'Your password has been changed. Please sign in with your new password.' };
    },
  );

  api.get(
    '/login/token/:token',
    {
      config: provenByBody,
      // The token is in the path: keep the access log lines for this route out of the logs.
      logLevel: 'warn',
      schema: {
        tags: ['auth'],
        summary: 'Follow a single-use login link; redirects with the session token in the fragment',
        params: loginLinkParamsSchema,
        querystring: loginLinkQuerySchema,
        response: { 303: redirectSchema, ...errors(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const organisation = organisationOf(request);
      const { location } = await countingFailures(
        request,
        [[limit.linkAddress, clientAddressKey(request)]],
        () =>
          followLoginLink(app.auth, {
            organisation,
            token: request.params.token,
            redirect: request.query.redirect,
            meta: requestMeta(request),
          }),
      );
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(location, 303);
    },
  );

  api.get(
    '/auth/mobile/organisations',
    {
      config: provenByBody,
      schema: {
        tags: ['auth'],
        summary: 'Organisations an email address can sign in to (mobile app)',
        querystring: mobileOrganisationsQuerySchema,
        response: { 200: mobileOrganisationsResponseSchema, ...errors(422, 429) },
      },
    },
    async (request) => {
      await limit.mobileLookupAddress.consume(request, clientAddressKey(request));
      return { data: await organisationsForEmail(app.auth, request.query.email) };
    },
  );

  api.post(
    '/auth/mobile/request-token',
    {
      config: provenByBody,
      schema: {
        tags: ['auth'],
        summary: 'Email a 6-digit sign-in code (mobile app)',
        body: mobileRequestTokenBodySchema,
        response: { 200: messageResponseSchema, ...errors(422, 429) },
      },
    },
    async (request) => {
      const { email, organisation_id: organisationId } = request.body;
      await limit.mobileCodeAddress.consume(request, clientAddressKey(request));
      await limit.mobileCodeEmail.consume(request, email.toLowerCase());
      await requestMobileCode(app.auth, { organisationId, email, meta: requestMeta(request) });
      return { message: MOBILE_CODE_REQUESTED };
    },
  );

  api.post(
    '/auth/mobile/verify-token',
    {
      config: provenByBody,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the emailed code (mobile app)',
        body: mobileVerifyTokenBodySchema,
        response: { 200: mobileVerifyTokenResponseSchema, ...errors(401, 403, 422, 429) },
      },
    },
    async (request) => {
      const { email, organisation_id: organisationId, token } = request.body;
      return countingFailures(request, [[limit.codeAddress, clientAddressKey(request)]], () =>
        verifyMobileCode(app.auth, { organisationId, email, code: token, meta: requestMeta(request) }),
      );
    },
  );

  api.get(
    '/heartbeat',
    {
      preHandler: app.requirePermission('view-users'),
      schema: {
        tags: ['auth'],
        summary: 'Record that the signed-in user is active (needs view-users)',
        querystring: heartbeatQuerySchema,
        response: { 200: heartbeatResponseSchema, ...errors(401, 403, 422) },
      },
    },
    async (request) => {
      const session = request.session;
      if (!session) {
        throw new HttpError(401, 'You need to sign in to do that.');
      }
      const now = new Date();
      await touchLastActivity(app.db, session.organisationId, session.userId, now);
      return { data: { last_activity_at: now.toISOString() } };
    },
  );
}
