import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  perUserItemParamsSchema,
  trustComputerBodySchema,
  trustedComputerStoreBodySchema,
  trustComputerResponseSchema,
  twoFactorConfirmBodySchema,
  twoFactorConfirmItemBodySchema,
  twoFactorConfirmResponseSchema,
  twoFactorEnforcementResponseSchema,
  recoveryCodesResponseSchema,
  twoFactorSettingsMessages,
  twoFactorStartBodySchema,
  twoFactorStartResponseSchema,
  userParamsSchema,
  type TwoFactorConfirmBody,
  type TwoFactorSettingsMethod,
} from '@muster/contract';
import type { OwnAccountContext } from '../auth/own-account.js';
import { ownAccountContextOf, rethrowValidation } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import {
  confirmTwoFactorChange,
  regenerateRecoveryCodes,
  setTrustComputer,
  settingsMethodOf,
  startTwoFactorChange,
  storeTrustedComputer,
  updateTrustedComputer,
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
 * and delete are not offered (405). The catalogue's update names the method
 * (`PUT two-factor/{method}`); trusted computers are records (`POST trust-computer`, `PUT
 * trust-computer/{deviceId}`).
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

  /** Confirms a change; only wrong codes and passwords count towards the limit. */
  const confirm = async (
    request: FastifyRequest,
    context: OwnAccountContext,
    body: TwoFactorConfirmBody,
    method?: TwoFactorSettingsMethod,
  ) => {
    const attempt = await guesses.attempt(request, `${context.organisation.id}:${context.actor.userId}`);
    try {
      const data = await confirmTwoFactorChange(app.auth, context, body, method);
      await attempt.forgive();
      return { data };
    } catch (error) {
      const wrong =
        error instanceof HttpError &&
        error.statusCode === 422 &&
        (error.message === twoFactorSettingsMessages.invalidKey || error.errors?.password !== undefined);
      if (!wrong) {
        await attempt.forgive();
      }
      throw error;
    }
  };

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
    async (request) =>
      confirm(request, ownAccountContextOf(request, request.params.userId), request.body),
  );

  api.put(
    '/users/:userId/two-factor/:id',
    {
      attachValidation: true,
      preHandler,
      config,
      schema: {
        tags: ['two-factor'],
        summary:
          'The same confirmation with the method in the path (email, sms, auth-app): set it up, or switch it off',
        params: perUserItemParamsSchema,
        body: twoFactorConfirmItemBodySchema,
        response: { 200: twoFactorConfirmResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = ownAccountContextOf(request, request.params.userId);
      const method = settingsMethodOf(request.params.id);
      // Someone else is refused (403, logged) by the confirmation itself, whatever the path names.
      if (method === null && context.actor.userId === context.userId) {
        throw new HttpError(404, 'There is no such two-factor method: use email, sms or auth-app.');
      }
      return confirm(request, context, request.body, method ?? 'email');
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
    '/users/:userId/two-factor/trust-computer',
    {
      attachValidation: true,
      preHandler,
      config,
      schema: {
        tags: ['two-factor'],
        summary: 'Trust this computer: answers its id and a 30-day device token',
        params: userParamsSchema,
        body: trustedComputerStoreBodySchema,
        response: { 201: trustComputerResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await storeTrustedComputer(app.auth, ownAccountContextOf(request, request.params.userId)),
      }),
  );

  api.put(
    '/users/:userId/two-factor/trust-computer/:id',
    {
      attachValidation: true,
      preHandler,
      config,
      schema: {
        tags: ['two-factor'],
        summary: 'One trusted computer: renew it (trust: true, a fresh token) or forget it (trust: false)',
        params: perUserItemParamsSchema,
        body: trustComputerBodySchema,
        response: { 200: trustComputerResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await updateTrustedComputer(
        app.auth,
        ownAccountContextOf(request, request.params.userId),
        request.params.id,
        request.body.trust,
      ),
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
  // A method (`two-factor/{method}`) is only confirmed: PUT is all its path serves.
  const itemNotAllowed = async (): Promise<never> => {
    throw new HttpError(405, 'A two-factor method can only be confirmed (PUT).', undefined, { allow: 'PUT' });
  };
  const refused = { schema: { tags: ['two-factor'], response: { 405: errorResponseSchema } } };
  api.get('/users/:userId/two-factor', refused, notAllowed);
  api.get('/users/:userId/two-factor/:id', refused, itemNotAllowed);
  api.delete('/users/:userId/two-factor', refused, notAllowed);
  api.delete('/users/:userId/two-factor/:id', refused, itemNotAllowed);
}
