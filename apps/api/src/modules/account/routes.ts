import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountMessages,
  contactChangeConfirmBodySchema,
  contactChangeConfirmResponseSchema,
  contactChangeMessages,
  contactChangeStartBodySchema,
  contactChangeStartResponseSchema,
  errorResponseSchema,
  passwordChangeBodySchema,
  passwordChangeResponseSchema,
  signOutEverywhereResponseSchema,
  userParamsSchema,
} from '@muster/contract';
import { ownAccountContextOf, rethrowValidation } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { confirmContactChange, startContactChange } from './contact-change.js';
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
 * The account section of the profile page (issue 9 "Account"): change the password, change the
 * email address or phone number (the new one confirmed with a code), and sign out everywhere.
 * Only the user themself (403 otherwise, logged).
 */
export async function registerAccountModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Wrong current passwords per user: the same guard as the sign-in's, shared by the password
  // change and the contact change (both guess the same password).
  const guesses = app.limiter({ name: 'account:password', max: 10, timeWindowMs: 15 * MINUTE });
  // Contact-change codes sent, and wrong codes, per user (each pending change also dies after 5 wrong tries).
  const sends = app.limiter({ name: 'account:contact-change:send', max: 5, timeWindowMs: 15 * MINUTE });
  const codeGuesses = app.limiter({
    name: 'account:contact-change:code',
    max: 10,
    timeWindowMs: 15 * MINUTE,
  });
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

  api.post(
    '/users/:userId/contact-change',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['account'],
        summary:
          'Start changing the email address or phone number (password required): sends a code to the new one',
        params: userParamsSchema,
        body: contactChangeStartBodySchema,
        response: { 200: contactChangeStartResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = ownAccountContextOf(request, request.params.userId);
      const key = `${context.organisation.id}:${context.actor.userId}`;
      await sends.consume(request, key);
      const attempt = await guesses.attempt(request, key);
      try {
        const data = await startContactChange(app.auth, context, request.body);
        await attempt.forgive();
        return { data };
      } catch (error) {
        // Only wrong passwords count towards the password limit.
        if (!(error instanceof HttpError && error.statusCode === 422 && error.errors?.password)) {
          await attempt.forgive();
        }
        throw error;
      }
    },
  );

  api.put(
    '/users/:userId/contact-change',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['account'],
        summary:
          'Confirm the email or phone change with its code: replaces it, tells the old address, ends other sign-ins',
        params: userParamsSchema,
        body: contactChangeConfirmBodySchema,
        response: { 200: contactChangeConfirmResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = ownAccountContextOf(request, request.params.userId);
      const attempt = await codeGuesses.attempt(
        request,
        `${context.organisation.id}:${context.actor.userId}`,
      );
      let data;
      try {
        data = await confirmContactChange(app.auth, app.outbox, context, request.body);
        await attempt.forgive();
      } catch (error) {
        // Only wrong codes count towards the limit.
        if (!(error instanceof HttpError && error.message === contactChangeMessages.invalidKey)) {
          await attempt.forgive();
        }
        throw error;
      }
      // The notice to the old address was queued with the change; it leaves now, not on the next timer.
      void app.outbox.dispatchQueued().catch((error: unknown) => {
        request.log.error({ err: error }, 'sending queued email after a contact change failed');
      });
      return { data };
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
    async (request) => ({
      data: await signOutEverywhere(app.auth, ownAccountContextOf(request, request.params.userId)),
    }),
  );
}
