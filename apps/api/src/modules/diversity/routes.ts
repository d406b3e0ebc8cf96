import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, userDiversityAnswersResponseSchema, userParamsSchema } from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { DiversityAccessNotLoggedError, readDiversityAnswers } from './service.js';

/**
 * `GET /api/users/{userId}/diversity/` (platform-foundation §7 "diversity/: GET answers"): the
 * user's fixed and v2 diversity answers, for the user themself or a holder of
 * `view-diversity-answers`; every read by someone else is logged (`diversity_access_log`).
 */
export async function registerDiversityModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/users/:userId/diversity/',
    {
      attachValidation: true,
      preHandler: [app.requireAuth, rethrowValidation],
      schema: {
        tags: ['users'],
        summary:
          'A user’s diversity answers (the user themself, or view-diversity-answers; reads by others are logged)',
        params: userParamsSchema,
        response: {
          200: userDiversityAnswersResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const reader = viewerOf(request);
      try {
        const data = await readDiversityAnswers(app.db, {
          organisationId: organisationOf(request).id,
          reader,
          subjectUserId: Number(request.params.userId),
        });
        return { data };
      } catch (error) {
        if (error instanceof DiversityAccessNotLoggedError) {
          request.log.error(
            { err: error.cause },
            'diversity read refused: the access log could not be written',
          );
          throw new HttpError(
            503,
            'The diversity answers cannot be shown right now. Please try again later.',
          );
        }
        throw error;
      }
    },
  );
}
