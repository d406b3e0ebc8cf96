import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationRecordResponseSchema,
  applicationUpdateBodySchema,
  applyItemParamsSchema,
  errorResponseSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { showApplicationRecord, updateApplicationRecordFor, withdrawApplication } from './records-service.js';

const guardedErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/**
 * The catalogue's `opportunities.apply` show, update and delete: one application by its id under
 * its opportunity, for its applicant and the organisation's staff (see records-service.ts). Signed
 * in only; who may do what is decided per application, so the guard is sign-in.
 */
export function registerApplicationRecordRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { attachValidation: true, preHandler: [app.requireAuth, rethrowValidation] };
  const tags = ['applications', 'catalogue'];
  const inputOf = (
    request: { params: { opportunityId: string; id: string } } & Parameters<typeof viewerOf>[0],
  ) => ({
    organisationId: organisationOf(request).id,
    reference: request.params.opportunityId,
    id: request.params.id,
    caller: viewerOf(request),
  });

  api.get(
    '/opportunities/:opportunityId/apply/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'One application (opportunities.apply show): its applicant, or view-applications',
        params: applyItemParamsSchema,
        response: { 200: applicationRecordResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({ data: await showApplicationRecord(app.db, inputOf(request)) }),
  );

  api.put(
    '/opportunities/:opportunityId/apply/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Change an application (opportunities.apply update)',
        description: [
          '- The applicant changes their answers (`why`, `motivation_id`, special requirements, `right_to_volunteer`) while it is pending or submitted; 409 once decided or withdrawn.',
          '- A holder of `manage-applications` gives the status: `submitted`, `accepted` or `declined`.',
          '- 403 for a field the caller may not change; nothing is written.',
        ].join('\n'),
        params: applyItemParamsSchema,
        body: applicationUpdateBodySchema,
        response: { 200: applicationRecordResponseSchema, ...guardedErrors, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await updateApplicationRecordFor(app.db, { ...inputOf(request), body: request.body }),
    }),
  );

  api.delete(
    '/opportunities/:opportunityId/apply/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Withdraw an application (opportunities.apply delete)',
        description:
          'The applicant, or a holder of `manage-applications`. The application is kept, status `withdrawn`; its stays that have not begun are cancelled. 409 for a declined application.',
        params: applyItemParamsSchema,
        response: { 204: z.null().describe('Withdrawn.'), ...guardedErrors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await withdrawApplication(app.db, { ...inputOf(request), timezone: organisationOf(request).timezone });
      return reply.status(204).send(null);
    },
  );
}
