import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  diversityHasAnswersResponseSchema,
  errorResponseSchema,
  resourcePermissions,
  userParamsSchema,
  userResponseSchema,
  userShowQuerySchema,
  userUpdateBodySchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { createFileUrlSigner } from '../files/file-urls.js';
import { viewUrlsOf } from '../files/service.js';
import { changeUserStatus } from './leaving-service.js';
import { assertMayView, getUser, userHasDiversityAnswers } from './service.js';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/** The permission changing a person's status takes: the catalogue's own for writing people. */
const MANAGE_USERS = resourcePermissions('users').manage;

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

  api.put(
    '/users/:userId',
    {
      attachValidation: true,
      // Authorisation before validation: a caller who may not act learns nothing of the input rules.
      preHandler: [app.requirePermission(MANAGE_USERS), rethrowValidation],
      schema: {
        tags: ['users'],
        summary: 'Record that a person left (day and reason), or take back someone who left (manage-users)',
        description:
          '`{status: "left", left_on?, leaving_reason_id?}` closes their open period of volunteering on `left_on` ' +
          '(today when left out) for the reason given, ends their current roles on that day, makes their status ' +
          'Left and ends their sign-ins: the starters-and-leavers reports count them as a leaver of that day. ' +
          '409 when they have no open period. `{status: "active"}` takes back someone who left (409 otherwise); ' +
          'their next role opens a new period. Answers the user with their roles.',
        params: userParamsSchema,
        body: userUpdateBodySchema,
        response: { 200: userResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const userId = Number(request.params.userId);
      const organisation = organisationOf(request);
      await changeUserStatus(
        app.db,
        { organisationId: organisation.id, userId, timezone: organisation.timezone },
        viewerOf(request),
        request.body,
      );
      return {
        data: await getUser(
          app.db,
          organisation.id,
          userId,
          ['roles'],
          viewUrlsOf(fileUrls, organisation.id),
        ),
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
