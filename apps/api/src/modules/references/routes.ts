import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  referenceAnsweredResponseSchema,
  referenceAnswersBodySchema,
  referenceFormResponseSchema,
  referenceTokenParamsSchema,
} from '@muster/contract';
import { organisationOf } from '../../plugins/tenancy.js';
import { getReferenceForm, giveReference } from './service.js';

/**
 * The public reference form (applicant-flow §2.7; the catalogue's `/reference/` entry): a
 * referee follows the emailed single-use link, reads whom the reference is for and the
 * organisation's questions, and answers once. No session: the token is the credential, always
 * within the host's organisation.
 */
export async function registerReferencesModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/reference/:token',
    {
      schema: {
        tags: ['references'],
        summary: 'The reference form of an emailed link: whom it is for and the questions',
        params: referenceTokenParamsSchema,
        response: { 200: referenceFormResponseSchema, 404: errorResponseSchema, 410: errorResponseSchema },
      },
    },
    async (request) => {
      const organisation = organisationOf(request);
      return { data: await getReferenceForm(app.db, organisation, request.params.token) };
    },
  );

  api.post(
    '/reference/:token',
    {
      schema: {
        tags: ['references'],
        summary: 'Gives the reference: the answers by question id; the link works once',
        params: referenceTokenParamsSchema,
        body: referenceAnswersBodySchema,
        response: {
          200: referenceAnsweredResponseSchema,
          404: errorResponseSchema,
          410: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { answeredAt } = await giveReference(
        app.db,
        organisationOf(request).id,
        request.params.token,
        request.body,
      );
      return { data: { answered_at: answeredAt.toISOString() } };
    },
  );
}
