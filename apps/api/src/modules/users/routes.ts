import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  diversityHasAnswersResponseSchema,
  errorResponseSchema,
  userParamsSchema,
  userResponseSchema,
  userShowQuerySchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { createFileUrlSigner } from '../files/file-urls.js';
import { viewUrlsOf } from '../files/service.js';
import { assertMayView, getUser, userHasDiversityAnswers } from './service.js';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/**
 * Users as the application form reads them (applicant-flow §7): a profile with its relations for
 * prefilling, and whether diversity answers exist. The user themself, or a holder of
 * `view-users`; always within the host's organisation (another organisation's user is a 404).
 */
export async function registerUsersModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const fileUrls = createFileUrlSigner(app.auth.codeKey);
  api.get(
    '/users/:userId',
    {
      // A sign-in held until two-factor is set up may still read its own profile.
      config: { duringTwoFactorEnrolment: 'own-account' },
      attachValidation: true,
      preHandler: [app.requireAuth, rethrowValidation],
      schema: {
        tags: ['users'],
        summary: 'A user with the relations named in `include` (the user themself, or view-users)',
        params: userParamsSchema,
        querystring: userShowQuerySchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = Number(request.params.userId);
      assertMayView(viewerOf(request), userId);
      const organisationId = organisationOf(request).id;
      return {
        data: await getUser(app.db, organisationId, userId, request.query.include, viewUrlsOf(fileUrls, organisationId)),
      };
    },
  );

  api.get(
    '/users/:userId/diversity/has-answers',
    {
      attachValidation: true,
      preHandler: [app.requireAuth, rethrowValidation],
      schema: {
        tags: ['users'],
        summary: 'Whether the user has given diversity answers (the user themself, or view-users)',
        params: userParamsSchema,
        response: { 200: diversityHasAnswersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = Number(request.params.userId);
      assertMayView(viewerOf(request), userId);
      const answered = await userHasDiversityAnswers(app.db, organisationOf(request).id, userId);
      return { data: { data: { has_answered: answered } } };
    },
  );
}
