import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountMessages,
  contactChangeConfirmBodySchema,
  contactChangeConfirmItemBodySchema,
  contactChangeConfirmResponseSchema,
  contactChangeMessages,
  contactChangeStartBodySchema,
  contactChangeStartResponseSchema,
  errorResponseSchema,
  passwordChangeBodySchema,
  passwordChangeResponseSchema,
  perUserItemParamsSchema,
  signOutEverywhereResponseSchema,
  userParamsSchema,
  type ContactChangeConfirmBody,
  type PasswordChangeBody,
} from '@muster/contract';
import { ownAccountContextOf, rethrowValidation } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { confirmContactChange, startContactChange } from './contact-change.js';
import { changePassword, signOutEverywhere } from './service.js';

const MINUTE = 60 * 1000;

/** Answers of the catalogue-shaped routes (`PUT password/{id}`, `PUT contact-change/{kind}`). */
const accountRecordMessages = {
  passwordNotFound: 'The password was not found: a person’s password is named by their own user id.',
  contactChangeNotFound: 'There is no such contact change: name it email or phone.',
  kindMismatch: 'The kind must be the one the address names.',
} as const;

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

  /** Changes the caller's own password; only wrong current passwords count towards the limit. */
  const changeOwnPassword = async (request: FastifyRequest, body: PasswordChangeBody) => {
    const context = ownAccountContextOf(request, (request.params as { userId: string }).userId);
    const attempt = await guesses.attempt(request, `${context.organisation.id}:${context.actor.userId}`);
    try {
      const data = await changePassword(app.auth, context, body);
      await attempt.forgive();
      return { data };
    } catch (error) {
      const wrong = error instanceof HttpError && error.message === accountMessages.currentPasswordWrong;
      if (!wrong) {
        await attempt.forgive();
      }
      throw error;
    }
  };

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
    async (request) => changeOwnPassword(request, request.body),
  );

  // The catalogue's update (`PUT password/{id}`): a person has one password, named by their user id.
  api.put(
    '/users/:userId/password/:id',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['account'],
        summary: 'The same password change, the password named by the user’s id (any other id: 404)',
        params: perUserItemParamsSchema,
        body: passwordChangeBodySchema,
        response: { 200: passwordChangeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = ownAccountContextOf(request, request.params.userId);
      // Someone else is refused (403, logged) by the change itself, whatever the id.
      if (context.actor.userId === context.userId && request.params.id !== request.params.userId) {
        throw new HttpError(404, accountRecordMessages.passwordNotFound);
      }
      return changeOwnPassword(request, request.body);
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

  /** Confirms the caller's pending change; only wrong codes count towards the limit. */
  const confirmOwnContactChange = async (request: FastifyRequest, body: ContactChangeConfirmBody) => {
    const context = ownAccountContextOf(request, (request.params as { userId: string }).userId);
    const attempt = await codeGuesses.attempt(request, `${context.organisation.id}:${context.actor.userId}`);
    let data;
    try {
      data = await confirmContactChange(app.auth, app.outbox, context, body);
      await attempt.forgive();
    } catch (error) {
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
  };

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
    async (request) => confirmOwnContactChange(request, request.body),
  );

  // The catalogue's update (`PUT contact-change/{kind}`): a pending change is named by its kind, one of each at most.
  api.put(
    '/users/:userId/contact-change/:id',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['account'],
        summary: 'Confirm the pending email or phone change named in the path (email or phone) with its code',
        params: perUserItemParamsSchema,
        body: contactChangeConfirmItemBodySchema,
        response: { 200: contactChangeConfirmResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = ownAccountContextOf(request, request.params.userId);
      const own = context.actor.userId === context.userId;
      const kind = request.params.id === 'phone' ? 'phone' : 'email';
      // Someone else is refused (403, logged) by the confirmation itself, whatever the path names.
      if (own && request.params.id !== kind) {
        throw new HttpError(404, accountRecordMessages.contactChangeNotFound);
      }
      if (own && request.body.kind !== undefined && request.body.kind !== kind) {
        throw new HttpError(422, accountRecordMessages.kindMismatch, { kind: [accountRecordMessages.kindMismatch] });
      }
      return confirmOwnContactChange(request, { kind, code: request.body.code });
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
