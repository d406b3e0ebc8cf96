import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  trustComputerBodySchema,
  trustComputerResponseSchema,
  twoFactorConfirmBodySchema,
  twoFactorConfirmResponseSchema,
  twoFactorEnforcementResponseSchema,
  recoveryCodesResponseSchema,
  twoFactorSettingsMessages,
  twoFactorStartBodySchema,
  twoFactorStartResponseSchema,
  userParamsSchema,
} from '@muster/contract';
import { ownAccountContextOf, rethrowValidation } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import {
  confirmTwoFactorChange,
  regenerateRecoveryCodes,
  setTrustComputer,
  startTwoFactorChange,
  twoFactorEnforcement,
} from './service.js';

const MINUTE = 60 * 1000;

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * Two-factor settings of the profile page (applicant-flow §2.12, §7): start and confirm enabling
 * or disabling, "trust this computer", and what enforces it. Only the user themself; list, show
 * and delete are not offered (405).
 */
export async function registerTwoFactorSettingsModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Codes sent per user, and wrong codes per user (each challenge also dies after 5 wrong tries).
  const sends = app.limiter({ name: 'two-factor-settings:send', max: 5, timeWindowMs: 15 * MINUTE });
  const guesses = app.limiter({ name: 'two-factor-settings:code', max: 10, timeWindowMs: 15 * MINUTE });
  const preHandler = [app.requireAuth, rethrowValidation];
  // These are the set-up itself: a sign-in held until two-factor is set up may call them.
  const config = { duringTwoFactorEnrolment: 'allowed' } as const;

  api.post(
    '/users/:userId/two-factor',
    {
      attachValidation: true,
      preHandler,
      config,
      schema: {
        tags: ['two-factor'],
        summary:
          'Start enabling (sends a code, or answers a new authenticator secret) or disabling two-factor',
        params: userParamsSchema,
        body: twoFactorStartBodySchema,
        response: { 200: twoFactorStartResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = ownAccountContextOf(request, request.params.userId);
      await sends.consume(request, `${context.organisation.id}:${context.actor.userId}`);
      return { data: await startTwoFactorChange(app.auth, context, request.body) };
    },
  );

  api.put(
    '/users/:userId/two-factor',
    {
      attachValidation: true,
      preHandler,
      config,
      schema: {
        tags: ['two-factor'],
        summary: 'Confirm two-factor set-up with its code, or disable it with a current code or the password',
        params: userParamsSchema,
        body: twoFactorConfirmBodySchema,
        response: { 200: twoFactorConfirmResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = ownAccountContextOf(request, request.params.userId);
      const attempt = await guesses.attempt(request, `${context.organisation.id}:${context.actor.userId}`);
      try {
        const data = await confirmTwoFactorChange(app.auth, context, request.body);
        await attempt.forgive();
        return { data };
      } catch (error) {
        // Only wrong codes and passwords count towards the limit.
        const wrong =
          error instanceof HttpError &&
          error.statusCode === 422 &&
          (error.message === twoFactorSettingsMessages.invalidKey || error.errors?.password !== undefined);
        if (!wrong) {
          await attempt.forgive();
        }
        throw error;
      }
    },
  );

  api.put(
    '/users/:userId/two-factor/trust-computer',
    {
      attachValidation: true,
      preHandler,
      config,
      schema: {
        tags: ['two-factor'],
        summary: 'Trust this computer (answers a device token) or forget every trusted computer',
        params: userParamsSchema,
        body: trustComputerBodySchema,
        response: { 200: trustComputerResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await setTrustComputer(app.auth, ownAccountContextOf(request, request.params.userId), request.body.trust),
    }),
  );

  api.post(
    '/users/:userId/two-factor/recovery-codes',
    {
      attachValidation: true,
      preHandler,
      config,
      schema: {
        tags: ['two-factor'],
        summary: 'A new set of 10 recovery codes (the old set stops working)',
        params: userParamsSchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = ownAccountContextOf(request, request.params.userId);
      await sends.consume(request, `${context.organisation.id}:${context.actor.userId}`);
      return { data: { recovery_codes: await regenerateRecoveryCodes(app.auth, context) } };
    },
  );

  api.get(
    '/users/:userId/two-factor/enforcement',
    {
      attachValidation: true,
      preHandler,
      config,
      schema: {
        tags: ['two-factor'],
        summary: 'Whether a role requires two-factor (naming the roles), and whether SMS is offered',
        params: userParamsSchema,
        response: { 200: twoFactorEnforcementResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await twoFactorEnforcement(app.auth, ownAccountContextOf(request, request.params.userId)),
    }),
  );

  const notAllowed = async (): Promise<never> => {
    throw new HttpError(
      405,
      'Two-factor settings can only be started (POST) or confirmed (PUT).',
      undefined,
      {
        allow: 'POST, PUT',
      },
    );
  };
  const refused = { schema: { tags: ['two-factor'], response: { 405: errorResponseSchema } } };
  api.get('/users/:userId/two-factor', refused, notAllowed);
  api.get('/users/:userId/two-factor/:id', refused, notAllowed);
  api.delete('/users/:userId/two-factor', refused, notAllowed);
  api.delete('/users/:userId/two-factor/:id', refused, notAllowed);
}
