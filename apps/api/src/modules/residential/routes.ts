import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  changeoverDaysResponseSchema,
  errorResponseSchema,
  teamParamsSchema,
  userBookingsQuerySchema,
  userBookingsResponseSchema,
  userParamsSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { getAvailability, getChangeoverDays, getUserBookings } from './service.js';

/**
 * The residential calls of the application form (applicant-flow §7, docs/residential.md): a
 * team's changeover days and availability (public: anonymous applicants pick dates too, always
 * within the host's organisation) and a user's bookings (the user themself, or `view-users`).
 */
export async function registerResidentialModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/teams/:teamId/residential/changeover-days/',
    {
      schema: {
        tags: ['residential'],
        summary: 'The weekdays stays at a team must start and end on, by period',
        params: teamParamsSchema,
        response: { 200: changeoverDaysResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => ({
      data: {
        data: await getChangeoverDays(app.db, organisationOf(request).id, Number(request.params.teamId)),
      },
    }),
  );

  api.get(
    '/residential-availability/team/:teamId',
    {
      schema: {
        tags: ['residential'],
        summary: 'Places free per night at a team for a guest who will or will not share a room',
        params: teamParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => ({
      data: {
        data: await getAvailability(
          app.db,
          organisationOf(request).id,
          Number(request.params.teamId),
          request.query,
        ),
      },
    }),
  );

  api.get(
    '/users/:userId/residential-bookings',
    {
      attachValidation: true,
      preHandler: [app.requireAuth, rethrowValidation],
      schema: {
        tags: ['residential'],
        summary: 'A user’s bookings that are not cancelled (the user themself, or view-users)',
        params: userParamsSchema,
        querystring: userBookingsQuerySchema,
        response: {
          200: userBookingsResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await getUserBookings(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        Number(request.params.userId),
        {
          from: request.query.from ?? null,
          includeTeam: request.query.include,
        },
      ),
    }),
  );
}
