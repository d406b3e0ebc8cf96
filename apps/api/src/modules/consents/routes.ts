import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { assertMayChangeConsents, assertMayReadConsents, changeUserConsent, listUserConsents } from './service.js';

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
 * auth plugin); `view-users` may also read. Another organisation's user is a 404.
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
}
