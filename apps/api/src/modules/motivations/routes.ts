import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  motivationsQuerySchema,
  publicMotivationsResponseSchema,
} from '@muster/contract';
import { organisationOf } from '../../plugins/tenancy.js';
import { listPublicMotivations } from './repository.js';

/**
 * `GET /api/motivations/public` (applicant-flow §2.3, §7): the motivations the application
 * form's dropdown offers. Public, since applicants have no account yet; only motivations marked
 * public are listed. Registered before the generic catalogue so `/motivations/public` is ours.
 */
export async function registerMotivationsModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/motivations/public',
    {
      schema: {
        tags: ['applications'],
        summary: 'Motivations offered on the application form',
        querystring: motivationsQuerySchema,
        response: {
          200: publicMotivationsResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await listPublicMotivations(app.db, organisationOf(request).id, request.query.limit),
    }),
  );
}
