import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBookingListResponseSchema,
  adminBookingResponseSchema,
  adminBookingsQuerySchema,
  adminBookingStoreBodySchema,
  adminBookingUpdateBodySchema,
  availabilityBoardQuerySchema,
  availabilityBoardResponseSchema,
  bookingDeleteBodySchema,
  bookingIdParamsSchema,
  dataEnvelope,
  errorResponseSchema,
  paginatedResponseSchema,
  paginationQuerySchema,
  roomUnavailablePeriodBodySchema,
  roomUnavailablePeriodSchema,
  rowIdParam,
  staffBookingValidationErrorSchema,
  residentialCountryParamsSchema,
  residentialCountryResponseSchema,
  residentialCountryStoreBodySchema,
  residentialCountryUpdateBodySchema,
  residentialCountyParamsSchema,
  residentialCountyQuerySchema,
  residentialCountyResponseSchema,
  residentialCountyStoreBodySchema,
  residentialCountyUpdateBodySchema,
  residentialOpportunityBodySchema,
  residentialOpportunityParamsSchema,
  residentialOpportunityResponseSchema,
  residentialOpportunityUpdateBodySchema,
  teamCapacityBodySchema,
  teamCapacityClearQuerySchema,
  teamCapacityResponseSchema,
  teamCapacityStoreBodySchema,
  teamParamsSchema,
  userBookingItemParamsSchema,
  userBookingStoreBodySchema,
  userParamsSchema,
  todayIn,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import type { Viewer } from '../users/service.js';
import { MANAGE_RESIDENTIAL } from './service.js';
import {
  deleteRoomPeriod,
  getRoomPeriod,
  listRoomPeriods,
  storeRoomPeriod,
  updateRoomPeriod,
} from './room-periods.js';
import { availabilityBoard, clearTeamCapacity, setTeamCapacity } from './staff-availability.js';
import {
  assertMayCancelFor,
  assertMayReadBookings,
  cancelStaffBooking,
  getStaffBooking,
  listStaffBookings,
  storeStaffBooking,
  updateStaffBooking,
} from './staff-bookings.js';
import {
  clearCountry,
  clearCounty,
  deleteResidentialOpportunity,
  getResidentialCountry,
  getResidentialCounty,
  getResidentialOpportunity,
  moveCountry,
  placeInCountry,
  placeInCounty,
  renameCounty,
  storeResidentialOpportunity,
  updateResidentialOpportunity,
} from './staff-opportunities.js';

const guardedErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};
/** Booking and moving a stay: a 422 may carry the person's stay in the way. */
const bookingErrors = { ...guardedErrors, 422: staffBookingValidationErrorSchema };

/** preHandler: 403 unless the caller passes `assert`, before any input error (401 first through requireAuth). */
function allowed(assert: (viewer: Viewer, request: FastifyRequest) => void): preHandlerAsyncHookHandler {
  return async (request) => {
    assert(viewerOf(request), request);
  };
}

const readers = allowed((viewer) => assertMayReadBookings(viewer));

const roomParamsSchema = z.object({
  teamId: rowIdParam('A team is named by its number.').describe('Team id.'),
  roomId: rowIdParam('A room is named by its number.').describe('Room id.'),
});
const periodParamsSchema = roomParamsSchema.extend({
  id: rowIdParam('An unavailable period is named by its number.').describe('Unavailable period id.'),
});

function clockOf(request: FastifyRequest) {
  const now = new Date();
  return { today: todayIn(organisationOf(request).timezone, now), now };
}

/**
 * The staff side of residential stays (docs/residential.md "Running residential stays"): every
 * booking of the organisation, a person's stays booked and cancelled by staff, the availability
 * board and a team's capacity limits, and residential opportunities with the places they are in.
 * The residential settings (rooms, closures, changeover days, capacity limit records) are plain
 * catalogue bindings (catalogue/bindings/residential.ts).
 */
export async function registerResidentialStaffModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['residential'];
  const managers = app.requirePermission(MANAGE_RESIDENTIAL);
  const protectedBy = (guard: preHandlerAsyncHookHandler) => ({
    attachValidation: true,
    preHandler: [app.requireAuth, guard, rethrowValidation],
  });

  // ——— Every booking ———

  api.get(
    '/residential-bookings',
    {
      ...protectedBy(readers),
      schema: {
        tags,
        summary:
          'Every booking of the organisation, earliest arrival first (view-residential-bookings or manage-residential)',
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingListResponseSchema, ...guardedErrors },
      },
    },
    async (request) =>
      listStaffBookings(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        request.query,
        clockOf(request).today,
      ),
  );

  api.get(
    '/residential-bookings/:id',
    {
      ...protectedBy(readers),
      schema: {
        tags,
        summary:
          'One booking with its person, team, answers and cancellation (view-residential-bookings or manage-residential)',
        params: bookingIdParamsSchema,
        response: { 200: adminBookingResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await getStaffBooking(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        Number(request.params.id),
        clockOf(request).today,
      ),
    }),
  );

  api.post(
    '/residential-bookings',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary:
          'Books a stay for a person, judged as an application’s (capacity, changeover days, overlap) (manage-residential)',
        body: adminBookingStoreBodySchema,
        response: { 201: adminBookingResponseSchema, ...bookingErrors },
      },
    },
    async (request, reply) => {
      const { user_id: userId, ...body } = request.body;
      const data = await storeStaffBooking(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        userId,
        body,
        clockOf(request),
        'user_id',
      );
      return reply.status(201).send({ data });
    },
  );

  api.put(
    '/residential-bookings/:id',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary:
          'Changes a booking’s status, dates, team, sharing or answers; capacity judged again (manage-residential)',
        params: bookingIdParamsSchema,
        body: adminBookingUpdateBodySchema,
        response: { 200: adminBookingResponseSchema, ...bookingErrors },
      },
    },
    async (request) => ({
      data: await updateStaffBooking(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        Number(request.params.id),
        request.body,
        clockOf(request),
      ),
    }),
  );

  api.delete(
    '/residential-bookings/:id',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Cancels a stay, keeping the record; an optional reason and note (manage-residential)',
        params: bookingIdParamsSchema,
        body: bookingDeleteBodySchema,
        response: { 204: z.null().describe('Cancelled (or already cancelled).'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await cancelStaffBooking(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        Number(request.params.id),
        request.body,
        clockOf(request),
      );
      return reply.status(204).send(null);
    },
  );

  // ——— A person's stays ———

  api.post(
    '/users/:userId/residential-bookings',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Books a stay for this person, judged as an application’s (manage-residential)',
        params: userParamsSchema,
        body: userBookingStoreBodySchema,
        response: { 201: adminBookingResponseSchema, ...bookingErrors },
      },
    },
    async (request, reply) => {
      const data = await storeStaffBooking(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        Number(request.params.userId),
        request.body,
        clockOf(request),
        null,
      );
      return reply.status(201).send({ data });
    },
  );

  api.delete(
    '/users/:userId/residential-bookings/:id',
    {
      ...protectedBy(
        allowed((viewer, request) =>
          assertMayCancelFor(viewer, Number((request.params as { userId?: string }).userId)),
        ),
      ),
      schema: {
        tags,
        summary:
          'Cancels one of the person’s stays, keeping the record (the person with a reason, or manage-residential)',
        params: userBookingItemParamsSchema,
        body: bookingDeleteBodySchema,
        response: { 204: z.null().describe('Cancelled (or already cancelled).'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await cancelStaffBooking(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        Number(request.params.id),
        request.body,
        clockOf(request),
        Number(request.params.userId),
      );
      return reply.status(204).send(null);
    },
  );

  // ——— Availability board and a team's capacity ———

  api.get(
    '/residential-availability/team',
    {
      ...protectedBy(readers),
      schema: {
        tags,
        summary:
          'Places and stays per night at every team with rooms, with their capacity limits (view-residential-bookings or manage-residential)',
        querystring: availabilityBoardQuerySchema,
        response: { 200: availabilityBoardResponseSchema, ...guardedErrors },
      },
    },
    async (request) =>
      availabilityBoard(app.db, organisationOf(request).id, viewerOf(request), request.query),
  );

  api.post(
    '/residential-availability/team',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Sets a team’s capacity on some nights, replacing its limits there (manage-residential)',
        body: teamCapacityStoreBodySchema,
        response: { 201: teamCapacityResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const { team_id: teamId, ...body } = request.body;
      const data = await setTeamCapacity(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        teamId,
        body,
        'team_id',
      );
      return reply.status(201).send({ data });
    },
  );

  api.put(
    '/residential-availability/team/:teamId',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Sets the team’s capacity on some nights, replacing its limits there (manage-residential)',
        params: teamParamsSchema,
        body: teamCapacityBodySchema,
        response: { 200: teamCapacityResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await setTeamCapacity(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        Number(request.params.teamId),
        request.body,
      ),
    }),
  );

  api.delete(
    '/residential-availability/team/:teamId',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Clears the team’s capacity limits on some nights, or all of them (manage-residential)',
        params: teamParamsSchema,
        querystring: teamCapacityClearQuerySchema,
        response: { 204: z.null().describe('Cleared.'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await clearTeamCapacity(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        Number(request.params.teamId),
        request.query,
      );
      return reply.status(204).send(null);
    },
  );

  // ——— A room's closures ———

  const roomPath = '/organisation/teams/:teamId/residential/rooms/:roomId/unavailable-periods';
  const pathOf = (request: FastifyRequest) => {
    const params = request.params as { teamId: string; roomId: string };
    return {
      organisationId: organisationOf(request).id,
      teamId: Number(params.teamId),
      roomId: Number(params.roomId),
    };
  };

  api.get(
    roomPath,
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'The nights a room is closed, earliest first (manage-residential)',
        params: roomParamsSchema,
        querystring: paginationQuerySchema(),
        response: { 200: paginatedResponseSchema(roomUnavailablePeriodSchema), ...guardedErrors },
      },
    },
    async (request) => listRoomPeriods(app.db, pathOf(request), request.query),
  );

  api.get(
    `${roomPath}/:id`,
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'One closure of a room (manage-residential)',
        params: periodParamsSchema,
        response: { 200: dataEnvelope(roomUnavailablePeriodSchema), ...guardedErrors },
      },
    },
    async (request) => ({ data: await getRoomPeriod(app.db, pathOf(request), Number(request.params.id)) }),
  );

  api.post(
    roomPath,
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Closes a room for some nights (manage-residential)',
        params: roomParamsSchema,
        body: roomUnavailablePeriodBodySchema,
        response: { 201: dataEnvelope(roomUnavailablePeriodSchema), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const data = await storeRoomPeriod(app.db, pathOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  api.put(
    `${roomPath}/:id`,
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Changes a closure of a room; omitted fields keep their value (manage-residential)',
        params: periodParamsSchema,
        body: roomUnavailablePeriodBodySchema.partial(),
        response: { 200: dataEnvelope(roomUnavailablePeriodSchema), ...guardedErrors },
      },
    },
    async (request) => ({
      data: await updateRoomPeriod(app.db, pathOf(request), Number(request.params.id), request.body),
    }),
  );

  api.delete(
    `${roomPath}/:id`,
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Reopens a room: deletes the closure (manage-residential)',
        params: periodParamsSchema,
        response: { 204: z.null().describe('Deleted.'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await deleteRoomPeriod(app.db, pathOf(request), Number(request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ——— Residential opportunities ———

  api.get(
    '/residential-opportunities/:id',
    {
      schema: {
        tags,
        summary:
          'One residential opportunity with its stay rules (public when published; manage-residential sees the rest)',
        params: residentialOpportunityParamsSchema,
        response: {
          200: residentialOpportunityResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await getResidentialOpportunity(
        app.db,
        organisationOf(request).id,
        request.session ? viewerOf(request) : null,
        request.params.id,
      ),
    }),
  );

  api.post(
    '/residential-opportunities',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Creates a residential opportunity at a team (manage-residential)',
        body: residentialOpportunityBodySchema,
        response: { 201: residentialOpportunityResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const data = await storeResidentialOpportunity(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        request.body,
      );
      return reply.status(201).send({ data });
    },
  );

  api.put(
    '/residential-opportunities/:id',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Changes a residential opportunity (manage-residential)',
        params: residentialOpportunityParamsSchema,
        body: residentialOpportunityUpdateBodySchema,
        response: { 200: residentialOpportunityResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await updateResidentialOpportunity(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  api.delete(
    '/residential-opportunities/:id',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Deletes a residential opportunity nobody applied for; 409 otherwise (manage-residential)',
        params: residentialOpportunityParamsSchema,
        response: { 204: z.null().describe('Deleted.'), 409: errorResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) => {
      await deleteResidentialOpportunity(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );

  // ——— Countries ———

  api.get(
    '/residential-opportunities/countries/:id',
    {
      schema: {
        tags,
        summary:
          'One country of the finder with its counties and published residential opportunities counted',
        params: residentialCountryParamsSchema,
        response: {
          200: residentialCountryResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await getResidentialCountry(
        app.db,
        organisationOf(request).id,
        request.params.id,
        clockOf(request).today,
      ),
    }),
  );

  api.post(
    '/residential-opportunities/countries',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Places residential opportunities in a country (manage-residential)',
        body: residentialCountryStoreBodySchema,
        response: { 201: residentialCountryResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const organisationId = organisationOf(request).id;
      await placeInCountry(app.db, organisationId, viewerOf(request), request.body);
      const data = await getResidentialCountry(
        app.db,
        organisationId,
        request.body.region,
        clockOf(request).today,
      );
      return reply.status(201).send({ data });
    },
  );

  api.put(
    '/residential-opportunities/countries/:id',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Moves every residential opportunity in the country to another one (manage-residential)',
        params: residentialCountryParamsSchema,
        body: residentialCountryUpdateBodySchema,
        response: { 200: residentialCountryResponseSchema, ...guardedErrors },
      },
    },
    async (request) => {
      const organisationId = organisationOf(request).id;
      await moveCountry(app.db, organisationId, viewerOf(request), request.params.id, request.body.region);
      return {
        data: await getResidentialCountry(
          app.db,
          organisationId,
          request.body.region,
          clockOf(request).today,
        ),
      };
    },
  );

  api.delete(
    '/residential-opportunities/countries/:id',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary:
          'Takes the country (and county) off every residential opportunity there (manage-residential)',
        params: residentialCountryParamsSchema,
        response: { 204: z.null().describe('Cleared.'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await clearCountry(app.db, organisationOf(request).id, viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ——— Counties ———

  api.get(
    '/residential-opportunities/counties/:id',
    {
      schema: {
        tags,
        summary: 'One county (any case) of a country with its published residential opportunities counted',
        params: residentialCountyParamsSchema,
        querystring: residentialCountyQuerySchema,
        response: {
          200: residentialCountyResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await getResidentialCounty(
        app.db,
        organisationOf(request).id,
        request.query.country,
        request.params.id,
        clockOf(request).today,
      ),
    }),
  );

  api.post(
    '/residential-opportunities/counties',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Places residential opportunities in a county of a country (manage-residential)',
        body: residentialCountyStoreBodySchema,
        response: { 204: z.null().describe('Placed.'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await placeInCounty(app.db, organisationOf(request).id, viewerOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/residential-opportunities/counties/:id',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Renames the county on every residential opportunity in it (manage-residential)',
        params: residentialCountyParamsSchema,
        querystring: residentialCountyQuerySchema,
        body: residentialCountyUpdateBodySchema,
        response: { 204: z.null().describe('Renamed.'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await renameCounty(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        request.query.country,
        request.params.id,
        request.body.name,
      );
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/residential-opportunities/counties/:id',
    {
      ...protectedBy(managers),
      schema: {
        tags,
        summary: 'Takes the county off every residential opportunity in it (manage-residential)',
        params: residentialCountyParamsSchema,
        querystring: residentialCountyQuerySchema,
        response: { 204: z.null().describe('Cleared.'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await clearCounty(
        app.db,
        organisationOf(request).id,
        viewerOf(request),
        request.query.country,
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );
}
