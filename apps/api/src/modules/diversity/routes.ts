import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  diversityAnswerBodySchema,
  diversityAnswerSchema,
  diversityLinkAnswerBodySchema,
  errorResponseSchema,
  perUserItemParamsSchema,
  userDiversityAnswersResponseSchema,
  userParamsSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { changeDiversityAnswer, showDiversityAnswer, storeDiversityAnswers } from './answers-service.js';
import { DiversityAccessNotLoggedError, readDiversityAnswers } from './service.js';

/**
 * `GET /api/users/{userId}/diversity/` (platform-foundation §7 "diversity/: GET answers"): the
 * user's fixed and v2 diversity answers, for the user themself or a holder of
 * `view-diversity-answers`; every read by someone else is logged (`diversity_access_log`). Also
 * the catalogue's generic operations of `users.diversity` (answers-service.ts): store a whole set,
 * and show, change or withdraw the answer to one question, written by the person themself only.
 */
export async function registerDiversityModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = [app.requireAuth, rethrowValidation];
  const errors = {
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    422: errorResponseSchema,
  };
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

  // The generic operations (docs/catalogue.md "Per-user calls"): store a whole set; one question's answer as a record.
  const inputOf = (request: FastifyRequest) => ({
    organisation: organisationOf(request),
    actorId: viewerOf(request).userId,
    userId: Number((request.params as { userId: string }).userId),
    host: request.hostname,
  });
  api.post(
    '/users/:userId/diversity',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['users'],
        summary: 'Give diversity answers (the user themself only), checked as the application form checks them',
        params: userParamsSchema,
        body: diversityLinkAnswerBodySchema,
        response: { 201: userDiversityAnswersResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await storeDiversityAnswers(app.db, { ...inputOf(request), answers: request.body.diversity }),
      }),
  );
  api.get(
    '/users/:userId/diversity/:id',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['users'],
        summary:
          'The answer to one diversity question: a fixed field name or a v2 question id (reads by others are logged)',
        params: perUserItemParamsSchema,
        response: { 200: dataEnvelope(diversityAnswerSchema), ...errors, 503: errorResponseSchema },
      },
    },
    async (request) => {
      try {
        return {
          data: await showDiversityAnswer(app.db, {
            organisationId: organisationOf(request).id,
            reader: viewerOf(request),
            subjectUserId: Number(request.params.userId),
            rawId: request.params.id,
          }),
        };
      } catch (error) {
        throw unloggedRead(request, error);
      }
    },
  );
  api.put(
    '/users/:userId/diversity/:id',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['users'],
        summary: 'Change the answer to one diversity question (the user themself only)',
        params: perUserItemParamsSchema,
        body: diversityAnswerBodySchema,
        response: { 200: dataEnvelope(diversityAnswerSchema), ...errors },
      },
    },
    async (request) => ({
      data: await changeDiversityAnswer(app.db, {
        ...inputOf(request),
        rawId: request.params.id,
        change: request.body,
      }),
    }),
  );
  api.delete(
    '/users/:userId/diversity/:id',
    {
      attachValidation: true,
      preHandler,
      schema: {
        tags: ['users'],
        summary: 'Withdraw the answer to one diversity question (the user themself only)',
        params: perUserItemParamsSchema,
        response: { 204: z.null().describe('Answer withdrawn.'), ...errors },
      },
    },
    async (request, reply) => {
      await changeDiversityAnswer(app.db, { ...inputOf(request), rawId: request.params.id, change: null });
      return reply.status(204).send(null);
    },
  );
}

/** A read that could not be logged is not done: 503, with the cause logged (special-category data). */
function unloggedRead(request: FastifyRequest, error: unknown): unknown {
  if (error instanceof DiversityAccessNotLoggedError) {
    request.log.error({ err: error.cause }, 'diversity read refused: the access log could not be written');
    return new HttpError(503, 'The diversity answers cannot be shown right now. Please try again later.');
  }
  return error;
}
