import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  referenceAnsweredResponseSchema,
  referenceAnswersBodySchema,
  referenceDeclineBodySchema,
  referenceDraftResponseSchema,
  referenceFormResponseSchema,
  referenceGivenResponseSchema,
  referenceIndexQuerySchema,
  referenceIndexResponseSchema,
  referenceStoreBodySchema,
  referenceTokenParamsSchema,
  resourcePermissions,
} from '@muster/contract';
import { rethrowValidation } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import {
  declineReference,
  getReferenceForm,
  giveReference,
  referenceOverview,
  saveReferenceAnswers,
} from './service.js';

/** Who reads the organisation's references: whoever reads its applications. */
const VIEW_APPLICATIONS = resourcePermissions('applications').view;

const linkErrors = { 404: errorResponseSchema, 410: errorResponseSchema, 422: errorResponseSchema };

/**
 * The public reference form (applicant-flow §2.7; the catalogue's `/reference/` entry): a
 * referee follows the emailed single-use link, reads whom the reference is for and the
 * organisation's questions, and answers once. No session: the token is the credential, always
 * within the host's organisation. The entry's operations are the referee's side, the token as
 * the id: show (the form), store (give it), update (save answers to finish later), delete
 * (decline); its index is the organisation's overview of references, for `view-applications`.
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

  api.post(
    '/reference',
    {
      schema: {
        tags: ['references', 'catalogue'],
        summary: 'Gives the reference of the link’s token (reference store); the link works once',
        description:
          'As `POST /reference/{token}`, the token in the body. Public: the token is the credential.',
        body: referenceStoreBodySchema,
        response: { 201: referenceGivenResponseSchema, ...linkErrors },
      },
    },
    async (request, reply) => {
      const { answeredAt } = await giveReference(
        app.db,
        organisationOf(request).id,
        request.body.token,
        request.body,
      );
      return reply.status(201).send({ data: { answered_at: answeredAt.toISOString() } });
    },
  );

  api.put(
    '/reference/:token',
    {
      schema: {
        tags: ['references', 'catalogue'],
        summary: 'Saves the referee’s answers to finish later (reference update)',
        description:
          'Each answer is checked as when giving the reference, but compulsory questions may be empty. The link stays open; the form answers them as `saved_answers`. 404 unknown link, 410 used, declined or expired.',
        params: referenceTokenParamsSchema,
        body: referenceAnswersBodySchema,
        response: { 200: referenceDraftResponseSchema, ...linkErrors },
      },
    },
    async (request) => {
      const saved = await saveReferenceAnswers(
        app.db,
        organisationOf(request).id,
        request.params.token,
        request.body,
      );
      return { data: { saved_at: saved.savedAt.toISOString(), saved_answers: saved.answers } };
    },
  );

  api.delete(
    '/reference/:token',
    {
      schema: {
        tags: ['references', 'catalogue'],
        summary: 'The referee declines to give the reference (reference delete)',
        description:
          'Optional body `{reason}`. The link is used up (410 afterwards); the organisation sees the reference as `declined`, with the reason.',
        params: referenceTokenParamsSchema,
        body: referenceDeclineBodySchema,
        response: { 204: z.null().describe('Declined.'), ...linkErrors },
      },
    },
    async (request, reply) => {
      await declineReference(app.db, organisationOf(request).id, request.params.token, request.body?.reason);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/reference',
    {
      attachValidation: true,
      preHandler: [app.requirePermission(VIEW_APPLICATIONS), rethrowValidation],
      schema: {
        tags: ['references', 'catalogue'],
        summary: 'The organisation’s referees and where each reference stands (reference index)',
        description:
          '`view-applications`. Pages by application, then the applicant’s order; filter by `application_id` and `status`. Answers of given references are included; tokens never are.',
        querystring: referenceIndexQuerySchema,
        response: {
          200: referenceIndexResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => referenceOverview(app.db, organisationOf(request).id, request.query),
  );
}
