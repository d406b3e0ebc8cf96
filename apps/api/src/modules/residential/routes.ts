import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  bookingCancelBodySchema,
  changeoverDaysResponseSchema,
  errorResponseSchema,
  teamParamsSchema,
  userBookingParamsSchema,
  userBookingResponseSchema,
  userBookingsQuerySchema,
  userBookingsResponseSchema,
  userParamsSchema,
  todayIn,
} from '@muster/contract';
import { getTableName } from 'drizzle-orm';
import {
  residentialBookings,
  residentialCapacityLimits,
  teamRooms,
  teamRoomUnavailablePeriods,
  users,
} from '../../db/schema/index.js';
import { deletedFrom } from '../../db/write-watch.js';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import {
  assertMayCancelBooking,
  assertMayViewBooking,
  cancelUserBooking,
  getAvailability,
  getChangeoverDays,
  getUserBooking,
  getUserBookings,
} from './service.js';
import { registerResidentialStaffModule } from './staff-routes.js';

/**
 * preHandler: 403 unless the caller may act on the bookings of the path's user, decided before
 * input errors so that a caller who may not act learns nothing of the input rules.
 */
function allowedFor(
  assert: (viewer: ReturnType<typeof viewerOf>, userId: number) => void,
): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    assert(viewerOf(request), Number((request.params as { userId?: string }).userId));
  };
}

/**
 * What a team's availability is built from besides the team itself (a write to teams empties the
 * whole cache): its rooms, their closures, its capacity limits, its bookings, and the deletion of
 * people, which deletes their bookings by cascade.
 */
const AVAILABILITY_TABLES = [
  ...[teamRooms, teamRoomUnavailablePeriods, residentialCapacityLimits, residentialBookings].map((table) =>
    getTableName(table),
  ),
  deletedFrom(getTableName(users)),
];

const guardedErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/**
 * The residential calls of the application form (applicant-flow §7, docs/residential.md): a
 * team's changeover days and availability (public: anonymous applicants pick dates too, always
 * within the host's organisation) and a user's bookings (the user themself, or `view-users`).
 * And the portal's booking page: one booking (the owner, or `view-residential-bookings`) and its
 * cancellation through the per-user resource's update (the owner, or `manage-residential`).
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
    async (request, reply) => {
      const organisationId = organisationOf(request).id;
      const teamId = Number(request.params.teamId);
      const { willing_to_share: willingToShare, start_date: startDate, end_date: endDate } = request.query;
      // Kept until a write to the team, its rooms, their closures or its bookings (answer-cache.ts).
      return app.answerCache.sendJson(
        reply,
        `residential-availability:${String(organisationId)}:${String(teamId)}:${willingToShare ? 1 : 0}:${startDate}:${endDate}`,
        async () => ({
          data: {
            data: await getAvailability(app.db, organisationId, teamId, {
              willing_to_share: willingToShare,
              start_date: startDate,
              end_date: endDate,
            }),
          },
        }),
        { tables: AVAILABILITY_TABLES },
      );
    },
  );

  api.get(
    '/users/:userId/residential-bookings',
    {
      attachValidation: true,
      preHandler: [app.requireAuth, rethrowValidation],
      schema: {
        tags: ['residential'],
        summary:
          'A user’s bookings, earliest first; cancelled ones only with include_cancelled=1 (the user themself, or view-users)',
        params: userParamsSchema,
        querystring: userBookingsQuerySchema,
        response: { 200: userBookingsResponseSchema, ...guardedErrors },
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
          includeCancelled: request.query.include_cancelled,
        },
      ),
    }),
  );

  api.get(
    '/users/:userId/residential-bookings/:bookingId',
    {
      attachValidation: true,
      preHandler: [app.requireAuth, allowedFor(assertMayViewBooking), rethrowValidation],
      schema: {
        tags: ['residential'],
        summary:
          'One booking with its team, nights, sharing, requirements and cancellation (the owner, or view-residential-bookings)',
        params: userBookingParamsSchema,
        response: { 200: userBookingResponseSchema, ...guardedErrors },
      },
    },
    async (request) => {
      const organisation = organisationOf(request);
      return {
        data: await getUserBooking(
          app.db,
          organisation.id,
          viewerOf(request),
          Number(request.params.userId),
          Number(request.params.bookingId),
          todayIn(organisation.timezone),
        ),
      };
    },
  );

  api.put(
    '/users/:userId/residential-bookings/:bookingId',
    {
      attachValidation: true,
      preHandler: [app.requireAuth, allowedFor(assertMayCancelBooking), rethrowValidation],
      schema: {
        tags: ['residential'],
        summary:
          'Cancels a pending or confirmed stay before its arrival day, with a reason; its places are free again (the owner, or manage-residential)',
        params: userBookingParamsSchema,
        body: bookingCancelBodySchema,
        response: { 200: userBookingResponseSchema, ...guardedErrors },
      },
    },
    async (request) => {
      const organisation = organisationOf(request);
      const now = new Date();
      return {
        data: await cancelUserBooking(
          app.db,
          organisation.id,
          viewerOf(request),
          Number(request.params.userId),
          Number(request.params.bookingId),
          request.body,
          { today: todayIn(organisation.timezone, now), now },
        ),
      };
    },
  );

  // The staff side: every booking, capacity, residential opportunities and their places.
  await registerResidentialStaffModule(app);
}
