import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  diversityLinkAnswerBodySchema,
  diversityLinkAnswerResponseSchema,
  diversityLinkBodySchema,
  diversityLinkFormResponseSchema,
  diversityLinkParamsSchema,
  diversityLinkResponseSchema,
  errorResponseSchema,
  resourcePermissions,
  userParamsSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { selfOrPermission } from '../per-user/access.js';
import { answerDiversityLink, createDiversityLink, readDiversityLink } from './link-service.js';

/**
 * `POST /users/{userId}/diversity/url/` (platform-foundation §7: "POST diversity/url/ with a
 * payload"): a single-use link for the person to give their diversity answers, emailed to them
 * unless `send_email: false`; and the two public calls behind the link, `GET` (the questions) and
 * `PUT` (the answers) `/diversity/answer/{token}`. The web page at `/diversity/{token}` calls them.
 */
export async function registerDiversityLinkRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  api.post(
    '/users/:userId/diversity/url',
    {
      attachValidation: true,
      preHandler: [selfOrPermission(app, resourcePermissions('users').manage), rethrowValidation],
      schema: {
        tags,
        summary: 'Make (and email) a single-use link for the user to give their diversity answers',
        params: userParamsSchema,
        body: diversityLinkBodySchema.optional(),
        response: {
          201: diversityLinkResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await createDiversityLink(
        { db: app.db, outbox: app.outbox, publicOrigin: app.config.publicOrigin },
        {
          organisation: organisationOf(request),
          userId: Number(request.params.userId),
          actorId: viewerOf(request).userId,
          body: request.body ?? {},
        },
      );
      void app.outbox.dispatchQueued().catch((error: unknown) => {
        request.log.error({ err: error }, 'sending a diversity link failed');
      });
      return reply.status(201).send({ data });
    },
  );

  api.get(
    '/diversity/answer/:token',
    {
      schema: {
        tags,
        summary: 'The diversity questions behind a link (no sign-in: the link is the proof)',
        params: diversityLinkParamsSchema,
        response: { 200: diversityLinkFormResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await readDiversityLink(app.db, organisationOf(request).id, request.params.token),
    }),
  );

  api.put(
    '/diversity/answer/:token',
    {
      schema: {
        tags,
        summary: 'Save diversity answers through a link; the link is then used up',
        params: diversityLinkParamsSchema,
        body: diversityLinkAnswerBodySchema,
        response: { 200: diversityLinkAnswerResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await answerDiversityLink(app.db, organisationOf(request), {
        token: request.params.token,
        host: request.hostname,
        answers: request.body.diversity,
      }),
    }),
  );
}
