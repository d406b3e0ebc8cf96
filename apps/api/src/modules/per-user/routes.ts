import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkMarkResponseSchema,
  canBeBlockedResponseSchema,
  dataEnvelope,
  dismissBodySchema,
  errorResponseSchema,
  forgotPasswordResponseSchema,
  forwardBodySchema,
  markReadBodySchema,
  paginatedResponseSchema,
  paginationQuerySchema,
  perUserDocumentResponseSchema,
  perUserItemParamsSchema,
  replyBodySchema,
  userEmailAddressBodySchema,
  userEmailAddressSchema,
  userLoginMessageParamsSchema,
  userMessageAttachmentParamsSchema,
  userMessageParamsSchema,
  userNoteParamsSchema,
  userParamsSchema,
  userPhoneNumberBodySchema,
  userPhoneNumberSchema,
  userRoleBodySchema,
  userRoleSchema,
  userSupervisorBodySchema,
  userSupervisorSchema,
} from '@muster/contract';
import { documentBodySchema } from '../../catalogue/document-service.js';
import { requestMeta, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { authLimitRules } from '../auth/limits.js';
import { registerDiversityLinkRoutes } from '../diversity/link-routes.js';
import { registerPerUserRecordRoutes } from './records-routes.js';
import { deleted, guardedErrors, pageOf, perUserRouteKit, writeErrors } from './route-support.js';
import { canBeBlocked, resetAddressOf, sendPasswordReset } from './accounts-service.js';
import {
  acknowledgeLoginMessage,
  dismissNotifications,
  forwardAttachment,
  markMessagesRead,
  replyToMessage,
  storeSubNote,
} from './calls-service.js';
import {
  destroyEmail,
  destroyPhone,
  storeEmail,
  storePhone,
  updateEmailAddress,
  updatePhoneNumber,
} from './contacts-service.js';
import {
  destroyRole,
  destroyUserSupervisor,
  listUserSupervisors,
  showUserSupervisor,
  storeRole,
  storeUserSupervisor,
  updateUserRole,
  updateUserSupervisor,
} from './roles-service.js';

/**
 * Per-user resources and calls under `/users/{userId}/` that plain CRUD cannot serve
 * (docs/catalogue.md "Per-user resources" and "Per-user calls"): the writes of phone numbers,
 * email addresses and roles, supervisors, and the named calls on messages, notifications, login
 * messages, notes, blocking and password resets. Listing and showing numbers, addresses and roles,
 * and plain CRUD of postal addresses and guardians, is the catalogue's generic module
 * (catalogue/bindings/per-user.ts), which leaves these method-and-path pairs alone.
 */
export async function registerPerUserModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ownOrView, ownOrManage, managers, viewers, onlySelf, tags, organisationRefOf, scopeOf, contextOf } =
    perUserRouteKit(app);
  const callerOf = (request: FastifyRequest) => viewerOf(request);
  /** Queued notices leave right after the commit, not on the next timer. */
  const dispatch = (request: FastifyRequest) => {
    void app.outbox.dispatchQueued().catch((error: unknown) => {
      request.log.error({ err: error }, 'sending queued email after a per-user call failed');
    });
  };

  // ——— Phone numbers (writes; index and show are generic) ———

  api.post(
    '/users/:userId/phone-numbers',
    {
      ...ownOrManage,
      schema: {
        tags,
        summary:
          'Add a phone number (the user themself, or manage-users); the first is primary and for texts',
        params: userParamsSchema,
        body: userPhoneNumberBodySchema,
        response: { 201: dataEnvelope(userPhoneNumberSchema), ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await storePhone(app.db, scopeOf(request), request.body) }),
  );

  api.put(
    '/users/:userId/phone-numbers/:id',
    {
      ...ownOrManage,
      schema: {
        tags,
        summary:
          'Change a phone number or make it primary or the SMS number (409 for the SMS sign-in number)',
        params: perUserItemParamsSchema,
        body: userPhoneNumberBodySchema.partial(),
        response: { 200: dataEnvelope(userPhoneNumberSchema), ...writeErrors },
      },
    },
    async (request) => ({
      data: await updatePhoneNumber(app.db, scopeOf(request), request.params.id, request.body),
    }),
  );

  api.delete(
    '/users/:userId/phone-numbers/:id',
    {
      ...ownOrManage,
      schema: {
        tags,
        summary: 'Delete a phone number (409 for the SMS sign-in number)',
        params: perUserItemParamsSchema,
        response: { 204: deleted, ...writeErrors },
      },
    },
    async (request, reply) => {
      await destroyPhone(app.db, scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ——— Email addresses (writes by administrators; the user changes theirs through contact-change) ———

  api.post(
    '/users/:userId/email-addresses',
    {
      ...managers,
      schema: {
        tags,
        summary: 'Add an email address (manage-users); unique in the organisation, the first is primary',
        params: userParamsSchema,
        body: userEmailAddressBodySchema,
        response: { 201: dataEnvelope(userEmailAddressSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const data = await storeEmail(
        app.db,
        app.outbox,
        organisationRefOf(request),
        scopeOf(request),
        request.body,
      );
      dispatch(request);
      return reply.status(201).send({ data });
    },
  );

  api.put(
    '/users/:userId/email-addresses/:id',
    {
      ...managers,
      schema: {
        tags,
        summary: 'Change an email address or make it primary (manage-users); the old primary address is told',
        params: perUserItemParamsSchema,
        body: userEmailAddressBodySchema.partial(),
        response: { 200: dataEnvelope(userEmailAddressSchema), ...writeErrors },
      },
    },
    async (request) => {
      const data = await updateEmailAddress(
        app.db,
        app.outbox,
        organisationRefOf(request),
        scopeOf(request),
        request.params.id,
        request.body,
      );
      dispatch(request);
      return { data };
    },
  );

  api.delete(
    '/users/:userId/email-addresses/:id',
    {
      ...managers,
      schema: {
        tags,
        summary: 'Delete an email address other than the primary (manage-users)',
        params: perUserItemParamsSchema,
        response: { 204: deleted, ...writeErrors },
      },
    },
    async (request, reply) => {
      await destroyEmail(app.db, scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ——— Roles (users.role-profiles writes; index and show are generic) ———

  api.post(
    '/users/:userId/role-profiles',
    {
      ...managers,
      schema: {
        tags,
        summary: 'Give the user a role (manage-users; never one granting permissions the caller lacks)',
        params: userParamsSchema,
        body: userRoleBodySchema,
        response: { 201: dataEnvelope(userRoleSchema), ...guardedErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await storeRole(app.db, scopeOf(request), callerOf(request), request.body) }),
  );

  api.put(
    '/users/:userId/role-profiles/:id',
    {
      ...managers,
      schema: {
        tags,
        summary:
          'Change a role’s team, profile or end date (manage-users, within the caller’s own permissions)',
        params: perUserItemParamsSchema,
        body: userRoleBodySchema.partial(),
        response: { 200: dataEnvelope(userRoleSchema), ...guardedErrors },
      },
    },
    async (request) => ({
      data: await updateUserRole(
        app.db,
        scopeOf(request),
        callerOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  api.delete(
    '/users/:userId/role-profiles/:id',
    {
      ...managers,
      schema: {
        tags,
        summary: 'Take a role away (manage-users, within the caller’s own permissions)',
        params: perUserItemParamsSchema,
        response: { 204: deleted, ...guardedErrors },
      },
    },
    async (request, reply) => {
      await destroyRole(app.db, scopeOf(request), callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ——— Supervisors (no row id of their own: named by the supervisor's user id) ———

  api.get(
    '/users/:userId/supervisors',
    {
      ...ownOrView,
      schema: {
        tags,
        summary: 'The user’s supervisors (the user themself, or view-users)',
        params: userParamsSchema,
        querystring: paginationQuerySchema(),
        response: { 200: paginatedResponseSchema(userSupervisorSchema), ...guardedErrors },
      },
    },
    async (request) => listUserSupervisors(app.db, scopeOf(request), pageOf(request.query)),
  );

  api.get(
    '/users/:userId/supervisors/:id',
    {
      ...ownOrView,
      schema: {
        tags,
        summary: 'One supervisor of the user, by the supervisor’s user id',
        params: perUserItemParamsSchema,
        response: { 200: dataEnvelope(userSupervisorSchema), ...guardedErrors },
      },
    },
    async (request) => ({ data: await showUserSupervisor(app.db, scopeOf(request), request.params.id) }),
  );

  api.post(
    '/users/:userId/supervisors',
    {
      ...managers,
      schema: {
        tags,
        summary: 'Make someone the user’s supervisor (manage-users)',
        params: userParamsSchema,
        body: userSupervisorBodySchema,
        response: { 201: dataEnvelope(userSupervisorSchema), ...guardedErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await storeUserSupervisor(app.db, scopeOf(request), request.body) }),
  );

  api.put(
    '/users/:userId/supervisors/:id',
    {
      ...managers,
      schema: {
        tags,
        summary: 'Hand the supervision over to another supervisor (manage-users)',
        params: perUserItemParamsSchema,
        body: userSupervisorBodySchema.partial(),
        response: { 200: dataEnvelope(userSupervisorSchema), ...guardedErrors },
      },
    },
    async (request) => ({
      data: await updateUserSupervisor(app.db, scopeOf(request), request.params.id, request.body),
    }),
  );

  api.delete(
    '/users/:userId/supervisors/:id',
    {
      ...managers,
      schema: {
        tags,
        summary: 'End a supervision (manage-users)',
        params: perUserItemParamsSchema,
        response: { 204: deleted, ...guardedErrors },
      },
    },
    async (request, reply) => {
      await destroyUserSupervisor(app.db, scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ——— Messages ———

  for (const method of ['POST', 'PUT'] as const) {
    api.route({
      method,
      url: '/users/:userId/messaging/mark-read',
      ...ownOrManage,
      schema: {
        tags,
        summary: 'Mark the user’s messages read (or unread with read: false), listed or all',
        params: userParamsSchema,
        body: markReadBodySchema,
        response: { 200: bulkMarkResponseSchema, ...guardedErrors },
      },
      handler: async (request) => ({ data: await markMessagesRead(app.db, scopeOf(request), request.body) }),
    });
  }

  api.post(
    '/users/:userId/messaging/:messageId/reply',
    {
      ...ownOrManage,
      schema: {
        tags,
        summary: 'Reply to a message of the user’s: delivered to its sender, kept as sent',
        params: userMessageParamsSchema,
        body: replyBodySchema,
        response: { 201: perUserDocumentResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const data = await replyToMessage(
        app.db,
        app.outbox,
        contextOf(request),
        request.params.messageId,
        request.body,
      );
      dispatch(request);
      return reply.status(201).send({ data });
    },
  );

  api.post(
    '/users/:userId/messaging/:messageId/attachments/:fileId/forward',
    {
      ...ownOrManage,
      schema: {
        tags,
        summary: 'Forward one attachment of a message of the user’s to other users, as new messages',
        params: userMessageAttachmentParamsSchema,
        body: forwardBodySchema,
        response: { 201: perUserDocumentResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const data = await forwardAttachment(
        app.db,
        app.outbox,
        contextOf(request),
        request.params,
        request.body,
      );
      dispatch(request);
      return reply.status(201).send({ data });
    },
  );

  // ——— Notifications, login messages, notes ———

  api.post(
    '/users/:userId/notifications/dismiss',
    {
      ...ownOrManage,
      schema: {
        tags,
        summary: 'Dismiss the user’s notifications, listed or all',
        params: userParamsSchema,
        body: dismissBodySchema,
        response: { 200: bulkMarkResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({ data: await dismissNotifications(app.db, scopeOf(request), request.body) }),
  );

  api.post(
    '/users/:userId/login-messages/:messageId/acknowledge',
    {
      ...onlySelf,
      schema: {
        tags,
        summary:
          'Acknowledge a login message (the user themself only); again answers the first acknowledgement',
        params: userLoginMessageParamsSchema,
        response: {
          200: perUserDocumentResponseSchema,
          201: perUserDocumentResponseSchema,
          ...guardedErrors,
        },
      },
    },
    async (request, reply) => {
      const { record, created } = await acknowledgeLoginMessage(
        app.db,
        contextOf(request),
        request.params.messageId,
      );
      return reply.status(created ? 201 : 200).send({ data: record });
    },
  );

  api.post(
    '/users/:userId/notes/:noteId/sub-notes',
    {
      ...managers,
      schema: {
        tags,
        summary: 'Add a note under a note of the user’s (manage-users); threads are one level deep',
        params: userNoteParamsSchema,
        body: documentBodySchema,
        response: { 201: perUserDocumentResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await storeSubNote(app.db, contextOf(request), request.params.noteId, request.body),
      }),
  );

  // ——— Blocking and password resets ———

  api.get(
    '/users/:userId/blocked/can-be-blocked',
    {
      ...viewers,
      schema: {
        tags,
        summary: 'Whether the signed-in caller may block this user, and why not',
        params: userParamsSchema,
        response: { 200: canBeBlockedResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({ data: await canBeBlocked(app.db, scopeOf(request), callerOf(request)) }),
  );

  const resetEmail = app.limiter(authLimitRules.resetEmail);
  api.post(
    '/users/:userId/forgot-password',
    {
      ...managers,
      schema: {
        tags,
        summary: 'Email the user a password reset link (manage-users), through the sign-in reset flow',
        params: userParamsSchema,
        response: { 200: forgotPasswordResponseSchema, ...writeErrors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const organisation = organisationOf(request);
      const address = await resetAddressOf(app.db, organisation.id, Number(request.params.userId));
      if (address) {
        // The same per-address limit as the public request: nobody floods a person's inbox.
        await resetEmail.consume(request, `${organisation.id}:${address.toLowerCase()}`);
      }
      const data = await sendPasswordReset(app.auth, {
        organisation,
        userId: Number(request.params.userId),
        meta: requestMeta(request),
      });
      return { data };
    },
  );

  // The same calls seen as records (their index, show, update and delete).
  registerPerUserRecordRoutes(app);

  // The diversity link lives with the diversity module; registered here so that modules/index.ts lists one module.
  await registerDiversityLinkRoutes(app);
}
