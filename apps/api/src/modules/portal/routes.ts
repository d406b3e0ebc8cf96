import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  portalApplicationListResponseSchema,
  portalApplicationParamsSchema,
  portalApplicationResponseSchema,
  portalTeamParamsSchema,
  portalTeamQuerySchema,
  portalTeamResponseSchema,
  userParamsSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { assertMayView } from '../users/service.js';
import { getTeamForMember, getUserApplication, listUserApplicationSummaries } from './service.js';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/**
 * The volunteer portal's applications (platform-foundation §7, per-user `applications/`): the
 * list, and one application as submitted. The user themself, or a holder of `view-users`.
 * Bookings come from the residential module. And a team with a member's roles (`/teams/{id}`).
 */
export async function registerPortalModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/users/:userId/applications/',
    {
      attachValidation: true,
      preHandler: [app.requireAuth, rethrowValidation],
      schema: {
        tags: ['portal'],
        summary: "The user's applications, newest first (the user themself, or view-users)",
        params: userParamsSchema,
        response: { 200: portalApplicationListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = Number(request.params.userId);
      assertMayView(viewerOf(request), userId);
      return { data: await listUserApplicationSummaries(app.db, organisationOf(request).id, userId) };
    },
  );

  api.get(
    '/users/:userId/applications/:applicationId',
    {
      attachValidation: true,
      preHandler: [app.requireAuth, rethrowValidation],
      schema: {
        tags: ['portal'],
        summary: 'One application as submitted, with its status (the user themself, or view-users)',
        params: portalApplicationParamsSchema,
        response: { 200: portalApplicationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = Number(request.params.userId);
      assertMayView(viewerOf(request), userId);
      const applicationId = Number(request.params.applicationId);
      return { data: await getUserApplication(app.db, organisationOf(request).id, userId, applicationId) };
    },
  );

  api.get(
    '/teams/:teamId',
    {
      attachValidation: true,
      preHandler: [app.requireAuth, rethrowValidation],
      schema: {
        tags: ['portal'],
        summary: "A team with a member's current roles (a member about themself, or view-users)",
        params: portalTeamParamsSchema,
        querystring: portalTeamQuerySchema,
        response: { 200: portalTeamResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const userId = request.query.user_id === undefined ? viewer.userId : Number(request.query.user_id);
      const today = new Date().toISOString().slice(0, 10);
      return {
        data: await getTeamForMember(
          app.db,
          organisationOf(request).id,
          viewer,
          Number(request.params.teamId),
          userId,
          today,
        ),
      };
    },
  );
}
