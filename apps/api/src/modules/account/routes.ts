import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountMessages,
  errorResponseSchema,
  passwordChangeBodySchema,
  passwordChangeResponseSchema,
  signOutEverywhereResponseSchema,
  userParamsSchema,
} from '@muster/contract';
import { ownAccountContextOf, rethrowValidation } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { changePassword, signOutEverywhere } from './service.js';

const MINUTE = 60 * 1000;

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * The account section of the profile page (issue 9 "Account"): change the password, and sign
 * out everywhere. Only the user themself (403 otherwise, logged).
 */
export async function registerAccountModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Wrong current passwords per user: the same guard as the sign-in's.
  const guesses = app.limiter({ name: 'account:password', max: 10, timeWindowMs: 15 * MINUTE });
  const preHandler = [app.requireAuth, rethrowValidation];

  api.put(
    '/users/:userId/password',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['account'],
        summary: 'Change the password (current password required); ends the user’s other sign-ins',
        params: userParamsSchema,
        body: passwordChangeBodySchema,
        response: { 200: passwordChangeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = ownAccountContextOf(request, request.params.userId);
      const attempt = await guesses.attempt(request, `${context.organisation.id}:${context.actor.userId}`);
      try {
        const data = await changePassword(app.auth, context, request.body);
        await attempt.forgive();
        return { data };
      } catch (error) {
        // Only wrong current passwords count towards the limit.
        const wrong = error instanceof HttpError && error.message === accountMessages.currentPasswordWrong;
        if (!wrong) {
          await attempt.forgive();
        }
        throw error;
      }
    },
  );

  api.delete(
    '/users/:userId/sessions',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['account'],
        summary: 'Sign out everywhere: ends every sign-in of the user, this one included',
        params: userParamsSchema,
        response: { 200: signOutEverywhereResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await signOutEverywhere(app.auth, ownAccountContextOf(request, request.params.userId)) }),
  );
}
