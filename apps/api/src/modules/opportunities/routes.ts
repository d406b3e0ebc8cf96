import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationFormResponseSchema,
  errorResponseSchema,
  logApplyActionBodySchema,
  opportunityParamsSchema,
  opportunityResponseSchema,
} from '@muster/contract';
import { organisationOf } from '../../plugins/tenancy.js';
import { registerFormStepRoutes } from './form-steps-routes.js';
import { getApplicationForm, getOpportunity, logApplyAction } from './service.js';

/**
 * Public opportunity routes: the application form is open to anyone, so these need no token.
 * `{opportunityId}` is the numeric id or the slug. The form's steps are managed by administrators
 * through `form-steps-routes.ts`.
 */
export async function registerOpportunitiesModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Registered before `/opportunities/:opportunityId` readers; a static segment always wins in the router.
  api.post(
    '/opportunities/log-apply-action',
    {
      schema: {
        body: logApplyActionBodySchema,
        response: { 204: z.null().describe('Logged.'), 404: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await logApplyAction(
        app.db,
        organisationOf(request).id,
        request.body.slug,
        request.session?.userId ?? null,
      );
      return reply.status(204).send(null);
    },
  );
  api.get(
    '/opportunities/:opportunityId',
    {
      schema: {
        params: opportunityParamsSchema,
        response: { 200: opportunityResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const organisationId = organisationOf(request).id;
      const reference = request.params.opportunityId;
      // The same for every caller: kept per organisation and id or slug until a write changes it.
      return app.answerCache.sendJson(
        reply,
        `opportunity:${String(organisationId)}:${reference}`,
        async () => ({
          data: await getOpportunity(app.db, organisationId, reference),
        }),
      );
    },
  );
  api.get(
    '/opportunities/:opportunityId/application-form',
    {
      schema: {
        params: opportunityParamsSchema,
        response: { 200: applicationFormResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const organisationId = organisationOf(request).id;
      const reference = request.params.opportunityId;
      return app.answerCache.sendJson(
        reply,
        `application-form:${String(organisationId)}:${reference}`,
        async () => ({ data: await getApplicationForm(app.db, organisationId, reference) }),
      );
    },
  );
  registerFormStepRoutes(app);
}
