import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  userConsentListResponseSchema,
  userConsentParamsSchema,
  userConsentUpdateBodySchema,
  userConsentUpdateResponseSchema,
  userParamsSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import {
  assertMayChangeConsents,
  assertMayReadConsents,
  changeUserConsent,
  listUserConsents,
  showUserConsent,
  withdrawUserConsent,
} from './service.js';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/**
 * The privacy and consent panel's calls (applicant-flow §2.12, §7): a user's answers to the
 * organisation's consents with their history, and changing one answer. The user themself or a
 * holder of `changeUserDetails` may change (403 otherwise, written to the security log by the
 * auth plugin); `view-users` may also read. Another organisation's user is a 404. The catalogue's
 * generic operations (`users.consents`) name a record by the consent id: show one, store (answer
 * `id`), update, delete (remove the answer).
 */
export async function registerConsentsModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = [app.requireAuth, rethrowValidation];

  api.get(
    '/users/:userId/consents',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['consents'],
        summary: 'The consent questions with the user’s answers and change logs (data.data)',
        params: userParamsSchema,
        response: { 200: userConsentListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = Number(request.params.userId);
      assertMayReadConsents(viewerOf(request), userId);
      return { data: { data: await listUserConsents(app.db, organisationOf(request).id, userId) } };
    },
  );

  api.put(
    '/users/:userId/consents/:consentId',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['consents'],
        summary: 'Change the user’s answer to one consent (the user themself, or changeUserDetails)',
        params: userConsentParamsSchema,
        body: userConsentUpdateBodySchema,
        response: { 200: userConsentUpdateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const userId = Number(request.params.userId);
      assertMayChangeConsents(viewer, userId);
      const organisation = organisationOf(request);
      const consent = await changeUserConsent(app.db, {
        organisationId: organisation.id,
        timezone: organisation.timezone,
        actorId: viewer.userId,
        userId,
        consentId: Number(request.params.consentId),
        body: request.body,
      });
      return { data: { data: consent } };
    },
  );

  // The generic operations (platform-foundation §7): a record is the user's answer to one consent, named by the consent id.
  api.post(
    '/users/:userId/consents',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['consents'],
        summary: 'Answer one consent, named by `id` in the body (the user themself, or changeUserDetails)',
        params: userParamsSchema,
        body: userConsentUpdateBodySchema,
        response: { 201: userConsentUpdateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const userId = Number(request.params.userId);
      assertMayChangeConsents(viewer, userId);
      const organisation = organisationOf(request);
      const consent = await changeUserConsent(app.db, {
        organisationId: organisation.id,
        timezone: organisation.timezone,
        actorId: viewer.userId,
        userId,
        consentId: request.body.id,
        body: request.body,
      });
      return reply.status(201).send({ data: { data: consent } });
    },
  );

  api.get(
    '/users/:userId/consents/:consentId',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['consents'],
        summary: 'One consent question with the user’s answer and change log (data.data)',
        params: userConsentParamsSchema,
        response: { 200: userConsentUpdateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = Number(request.params.userId);
      assertMayReadConsents(viewerOf(request), userId);
      const consent = await showUserConsent(
        app.db,
        organisationOf(request).id,
        userId,
        Number(request.params.consentId),
      );
      return { data: { data: consent } };
    },
  );

  api.delete(
    '/users/:userId/consents/:consentId',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['consents'],
        summary: 'Remove the user’s answer to one consent, logged (409 for a compulsory consent)',
        params: userConsentParamsSchema,
        response: { 204: z.null().describe('Answer removed.'), ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const userId = Number(request.params.userId);
      assertMayChangeConsents(viewer, userId);
      const organisation = organisationOf(request);
      await withdrawUserConsent(app.db, {
        organisationId: organisation.id,
        timezone: organisation.timezone,
        actorId: viewer.userId,
        userId,
        consentId: Number(request.params.consentId),
      });
      return reply.status(204).send(null);
    },
  );
}
