import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  eventAttachmentResponseSchema,
  eventAttachmentStoreBodySchema,
  eventParamsSchema,
  eventSessionParamsSchema,
  eventUsersSavedListQuerySchema,
  eventUsersSavedListResponseSchema,
  resourcePermissions,
  sessionAttendeeParamsSchema,
  sessionAttendeeResponseSchema,
  sessionAttendeeUpdateBodySchema,
  sessionBulkDeleteUsersBodySchema,
  sessionBulkDeleteUsersResponseSchema,
  sessionBulkUpdateUserStatusBodySchema,
  sessionBulkUpdateUserStatusResponseSchema,
  sessionsBulkUpdateAttendeesBodySchema,
  sessionsBulkUpdateAttendeesResponseSchema,
  sessionsBulkUpdateBodySchema,
  sessionsBulkUpdateLocationBodySchema,
  sessionsBulkUpdateResponseSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import {
  attachFileToEvent,
  bulkDeleteAttendees,
  bulkUpdateAttendeeStatus,
  bulkUpdateSessionAttendees,
  bulkUpdateSessionLocation,
  bulkUpdateSessions,
  eventUsersSavedList,
  updateAttendeeByUser,
} from './service.js';

const guardedErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/**
 * The named calls of events (platform-foundation §7 "Events", docs/catalogue.md "Events"): the
 * session bulk updates, the event's people as a saved list, one attendee changed by user id, and
 * attaching an uploaded file. Plain CRUD of events and everything under them is the catalogue's
 * generic module (catalogue/bindings/events.ts), which leaves these method-and-path pairs alone.
 */
export async function registerEventsModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const permissions = resourcePermissions('events');
  const tags = ['events'];
  const guard = (permission: string) => ({
    attachValidation: true,
    // Authorisation before validation: a caller who may not act learns nothing of the input rules.
    preHandler: [app.requirePermission(permission), rethrowValidation],
  });
  const scopeOf = (request: { params: { eventId: string } }, organisationId: number) => ({
    organisationId,
    eventId: request.params.eventId,
  });

  api.get(
    '/events/:eventId/get-users-saved-list',
    {
      ...guard(permissions.view),
      schema: {
        tags,
        summary: 'The event’s people (on its sessions, or invited) as a saved list of users',
        params: eventParamsSchema,
        querystring: eventUsersSavedListQuerySchema,
        response: { 200: eventUsersSavedListResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await eventUsersSavedList(
        app.db,
        scopeOf(request, organisationOf(request).id),
        request.query.statuses,
      ),
    }),
  );

  api.put(
    '/events/:eventId/sessions/bulk-update',
    {
      ...guard(permissions.manage),
      schema: {
        tags,
        summary: 'Set the same name, times or capacity on several of the event’s sessions',
        params: eventParamsSchema,
        body: sessionsBulkUpdateBodySchema,
        response: { 200: sessionsBulkUpdateResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await bulkUpdateSessions(app.db, scopeOf(request, organisationOf(request).id), request.body),
    }),
  );

  api.put(
    '/events/:eventId/sessions/bulk-update-location',
    {
      ...guard(permissions.manage),
      schema: {
        tags,
        summary: 'Move several of the event’s sessions to one location',
        params: eventParamsSchema,
        body: sessionsBulkUpdateLocationBodySchema,
        response: { 200: sessionsBulkUpdateResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await bulkUpdateSessionLocation(
        app.db,
        scopeOf(request, organisationOf(request).id),
        request.body,
      ),
    }),
  );

  api.put(
    '/events/:eventId/sessions/bulk-update-attendees',
    {
      ...guard(permissions.manage),
      schema: {
        tags,
        summary: 'Add users to and remove users from several of the event’s sessions',
        params: eventParamsSchema,
        body: sessionsBulkUpdateAttendeesBodySchema,
        response: { 200: sessionsBulkUpdateAttendeesResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await bulkUpdateSessionAttendees(
        app.db,
        scopeOf(request, organisationOf(request).id),
        request.body,
      ),
    }),
  );

  api.put(
    '/events/:eventId/sessions/:sessionId/bulk-update-user-status',
    {
      ...guard(permissions.manage),
      schema: {
        tags,
        summary: 'Give several attendees of a session one status',
        params: eventSessionParamsSchema,
        body: sessionBulkUpdateUserStatusBodySchema,
        response: { 200: sessionBulkUpdateUserStatusResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await bulkUpdateAttendeeStatus(
        app.db,
        { ...scopeOf(request, organisationOf(request).id), sessionId: request.params.sessionId },
        request.body,
      ),
    }),
  );

  api.put(
    '/events/:eventId/sessions/:sessionId/bulk-delete-users',
    {
      ...guard(permissions.manage),
      schema: {
        tags,
        summary: 'Take several attendees off a session (a delete, sent as PUT)',
        params: eventSessionParamsSchema,
        body: sessionBulkDeleteUsersBodySchema,
        response: { 200: sessionBulkDeleteUsersResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await bulkDeleteAttendees(
        app.db,
        { ...scopeOf(request, organisationOf(request).id), sessionId: request.params.sessionId },
        request.body,
      ),
    }),
  );

  // The catalogue's update of an attendee: the path's last id is the user's, not the row's.
  api.put(
    '/events/:eventId/sessions/:sessionId/attendees/:id',
    {
      ...guard(permissions.manage),
      schema: {
        tags: [...tags, 'catalogue'],
        summary: 'Change one attendee of a session, named by their user id (events.sessions.attendees)',
        params: sessionAttendeeParamsSchema,
        body: sessionAttendeeUpdateBodySchema,
        response: { 200: sessionAttendeeResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await updateAttendeeByUser(
        app.db,
        {
          ...scopeOf(request, organisationOf(request).id),
          sessionId: request.params.sessionId,
          userId: request.params.id,
        },
        request.body,
      ),
    }),
  );

  // The catalogue's store of an attachment: the file is checked to be the caller's upload and kept.
  api.post(
    '/events/:eventId/attachments',
    {
      ...guard(permissions.manage),
      schema: {
        tags: [...tags, 'catalogue'],
        summary: 'Attach a file you uploaded to the event (events.attachments)',
        params: eventParamsSchema,
        body: eventAttachmentStoreBodySchema,
        response: { 201: eventAttachmentResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const data = await attachFileToEvent(
        app.db,
        { ...scopeOf(request, organisationOf(request).id), userId: viewerOf(request).userId },
        request.body,
      );
      return reply.status(201).send({ data });
    },
  );
}
