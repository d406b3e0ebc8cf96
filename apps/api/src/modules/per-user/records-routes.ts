import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  acknowledgementUpdateBodySchema,
  blockProtectionBodySchema,
  blockProtectionSchema,
  dataEnvelope,
  dismissalBodySchema,
  dismissalSchema,
  paginatedResponseSchema,
  paginationQuerySchema,
  passwordResetLinkBodySchema,
  passwordResetLinkSchema,
  perUserDocumentResponseSchema,
  perUserDocumentSchema,
  perUserItemParamsSchema,
  readMarkBodySchema,
  readMarkSchema,
  sentMessageCorrectionBodySchema,
  userForwardItemParamsSchema,
  userLoginMessageItemParamsSchema,
  userLoginMessageParamsSchema,
  userMessageAttachmentParamsSchema,
  userMessageItemParamsSchema,
  userMessageParamsSchema,
  userParamsSchema,
} from '@muster/contract';
import { viewerOf } from '../../plugins/auth.js';
import {
  cancelResetLink,
  destroyBlockProtection,
  showBlockProtection,
  storeBlockProtection,
  updateBlockProtectionReason,
} from './accounts-service.js';
import {
  correctSent,
  listAcknowledgements,
  listDismissals,
  listSent,
  renewAcknowledgement,
  setDismissal,
  setReadMark,
  showAcknowledgement,
  showDismissal,
  showReadMark,
  showSent,
  withdrawAcknowledgement,
  withdrawSent,
  type SentRecords,
} from './records-service.js';
import { deleted, guardedErrors, pageOf, perUserRouteKit, writeErrors } from './route-support.js';

/**
 * The generic operations (index, show, update, delete; store for block protections) of the
 * per-user named calls (docs/catalogue.md "Per-user calls"), beside the calls themselves in
 * routes.ts: read marks, dismissals, replies, forwards, acknowledgements, protections from
 * blocking and password reset links, each as records.
 */
export function registerPerUserRecordRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ownOrView, ownOrManage, managers, viewers, onlySelf, tags, scopeOf, contextOf } =
    perUserRouteKit(app);

  // ——— Read marks: `messaging/mark-read/{messageId}` ———

  const markUrl = '/users/:userId/messaging/mark-read/:id';
  api.get(
    markUrl,
    {
      ...ownOrView,
      schema: {
        tags,
        summary: 'Whether, and since when, the user has read one of their messages (by message id)',
        params: perUserItemParamsSchema,
        response: { 200: dataEnvelope(readMarkSchema), ...guardedErrors },
      },
    },
    async (request) => ({ data: await showReadMark(app.db, scopeOf(request), request.params.id) }),
  );
  api.put(
    markUrl,
    {
      ...ownOrManage,
      schema: {
        tags,
        summary: 'Mark one message read (keeps an earlier time) or, with read: false, unread',
        params: perUserItemParamsSchema,
        body: readMarkBodySchema,
        response: { 200: dataEnvelope(readMarkSchema), ...guardedErrors },
      },
    },
    async (request) => ({
      data: await setReadMark(app.db, scopeOf(request), request.params.id, request.body.read ?? true),
    }),
  );
  api.delete(
    markUrl,
    {
      ...ownOrManage,
      schema: {
        tags,
        summary: 'Mark one message unread (its read mark goes)',
        params: perUserItemParamsSchema,
        response: { 204: deleted, ...guardedErrors },
      },
    },
    async (request, reply) => {
      await setReadMark(app.db, scopeOf(request), request.params.id, false);
      return reply.status(204).send(null);
    },
  );

  // ——— Dismissals: `notifications/dismiss/{notificationId}` ———

  api.get(
    '/users/:userId/notifications/dismiss',
    {
      ...ownOrView,
      schema: {
        tags,
        summary: 'The user’s dismissed notifications, newest first',
        params: userParamsSchema,
        querystring: paginationQuerySchema(),
        response: { 200: paginatedResponseSchema(dismissalSchema), ...guardedErrors },
      },
    },
    async (request) => listDismissals(app.db, scopeOf(request), pageOf(request.query)),
  );
  const dismissUrl = '/users/:userId/notifications/dismiss/:id';
  api.get(
    dismissUrl,
    {
      ...ownOrView,
      schema: {
        tags,
        summary: 'Whether, and when, the user dismissed one of their notifications (by notification id)',
        params: perUserItemParamsSchema,
        response: { 200: dataEnvelope(dismissalSchema), ...guardedErrors },
      },
    },
    async (request) => ({ data: await showDismissal(app.db, scopeOf(request), request.params.id) }),
  );
  api.put(
    dismissUrl,
    {
      ...ownOrManage,
      schema: {
        tags,
        summary: 'Dismiss one notification (keeps an earlier time) or, with dismissed: false, show it again',
        params: perUserItemParamsSchema,
        body: dismissalBodySchema,
        response: { 200: dataEnvelope(dismissalSchema), ...guardedErrors },
      },
    },
    async (request) => ({
      data: await setDismissal(app.db, scopeOf(request), request.params.id, request.body.dismissed ?? true),
    }),
  );
  api.delete(
    dismissUrl,
    {
      ...ownOrManage,
      schema: {
        tags,
        summary: 'Undismiss one notification: it shows again',
        params: perUserItemParamsSchema,
        response: { 204: deleted, ...guardedErrors },
      },
    },
    async (request, reply) => {
      await setDismissal(app.db, scopeOf(request), request.params.id, false);
      return reply.status(204).send(null);
    },
  );

  // ——— Replies and forwards: the sent messages ———

  const sentRoutes = (
    what: 'reply' | 'forward',
    collection: string,
    collectionParams: z.ZodObject,
    itemParams: z.ZodObject,
    recordsOf: (params: Record<string, string>) => SentRecords,
  ) => {
    const noun = what === 'reply' ? 'replies to the message' : 'forwards of the attachment';
    const one = what === 'reply' ? 'reply' : 'forward';
    const recordsFrom = (request: FastifyRequest) => recordsOf(request.params as Record<string, string>);
    const idFrom = (request: FastifyRequest) => (request.params as { id: string }).id;
    api.get(
      collection,
      {
        ...ownOrView,
        schema: {
          tags,
          summary: `The user’s ${noun}, as their sent copies, newest first`,
          params: collectionParams,
          querystring: paginationQuerySchema(),
          response: { 200: paginatedResponseSchema(perUserDocumentSchema), ...guardedErrors },
        },
      },
      async (request) => {
        return listSent(app.db, scopeOf(request), recordsFrom(request), pageOf(request.query));
      },
    );
    api.get(
      `${collection}/:id`,
      {
        ...ownOrView,
        schema: {
          tags,
          summary: `One ${one} of the user’s (the sent copy)`,
          params: itemParams,
          response: { 200: perUserDocumentResponseSchema, ...guardedErrors },
        },
      },
      async (request) => ({
        data: await showSent(app.db, scopeOf(request), recordsFrom(request), idFrom(request)),
      }),
    );
    api.put(
      `${collection}/:id`,
      {
        ...ownOrManage,
        schema: {
          tags,
          summary: `Correct a ${one}’s subject or text in every copy while nobody has read it (409 after)`,
          params: itemParams,
          body: sentMessageCorrectionBodySchema,
          response: { 200: perUserDocumentResponseSchema, ...writeErrors },
        },
      },
      async (request) => ({
        data: await correctSent(
          app.db,
          scopeOf(request),
          recordsFrom(request),
          idFrom(request),
          request.body,
        ),
      }),
    );
    api.delete(
      `${collection}/:id`,
      {
        ...ownOrManage,
        schema: {
          tags,
          summary: `Withdraw a ${one} nobody has read yet: every copy goes (409 after)`,
          params: itemParams,
          response: { 204: deleted, ...writeErrors },
        },
      },
      async (request, reply) => {
        await withdrawSent(app.db, scopeOf(request), recordsFrom(request), idFrom(request));
        return reply.status(204).send(null);
      },
    );
  };
  sentRoutes(
    'reply',
    '/users/:userId/messaging/:messageId/reply',
    userMessageParamsSchema,
    userMessageItemParamsSchema,
    (params) => ({ kind: 'reply', messageId: params.messageId ?? '' }),
  );
  sentRoutes(
    'forward',
    '/users/:userId/messaging/:messageId/attachments/:fileId/forward',
    userMessageAttachmentParamsSchema,
    userForwardItemParamsSchema,
    (params) => ({ kind: 'forward', messageId: params.messageId ?? '', attachmentId: params.fileId ?? '' }),
  );

  // ——— Acknowledgements: `login-messages/{messageId}/acknowledge/{id}` ———

  const acknowledgeUrl = '/users/:userId/login-messages/:messageId/acknowledge';
  api.get(
    acknowledgeUrl,
    {
      ...ownOrView,
      schema: {
        tags,
        summary: 'The user’s acknowledgement of a login message (none or one)',
        params: userLoginMessageParamsSchema,
        querystring: paginationQuerySchema(),
        response: { 200: paginatedResponseSchema(perUserDocumentSchema), ...guardedErrors },
      },
    },
    async (request) =>
      listAcknowledgements(app.db, scopeOf(request), request.params.messageId, pageOf(request.query)),
  );
  api.get(
    `${acknowledgeUrl}/:id`,
    {
      ...ownOrView,
      schema: {
        tags,
        summary: 'One acknowledgement of a login message',
        params: userLoginMessageItemParamsSchema,
        response: { 200: perUserDocumentResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await showAcknowledgement(app.db, scopeOf(request), request.params.messageId, request.params.id),
    }),
  );
  api.put(
    `${acknowledgeUrl}/:id`,
    {
      ...onlySelf,
      schema: {
        tags,
        summary: 'Acknowledge the login message again, as of now (the user themself only)',
        params: userLoginMessageItemParamsSchema,
        body: acknowledgementUpdateBodySchema,
        response: { 200: perUserDocumentResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await renewAcknowledgement(
        app.db,
        contextOf(request),
        request.params.messageId,
        request.params.id,
      ),
    }),
  );
  api.delete(
    `${acknowledgeUrl}/:id`,
    {
      ...ownOrManage,
      schema: {
        tags,
        summary: 'Withdraw an acknowledgement: the message counts as unread again (the log keeps it)',
        params: userLoginMessageItemParamsSchema,
        response: { 204: deleted, ...guardedErrors },
      },
    },
    async (request, reply) => {
      await withdrawAcknowledgement(app.db, contextOf(request), request.params.messageId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ——— Protections from blocking: `blocked/can-be-blocked/` ———

  api.post(
    '/users/:userId/blocked/can-be-blocked',
    {
      ...managers,
      schema: {
        tags,
        summary:
          'Protect the user from blocking, with a reason (manage-users and every permission they hold)',
        params: userParamsSchema,
        body: blockProtectionBodySchema,
        response: { 201: dataEnvelope(blockProtectionSchema), ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await storeBlockProtection(app.db, scopeOf(request), viewerOf(request), request.body),
      }),
  );
  const protectionUrl = '/users/:userId/blocked/can-be-blocked/:id';
  api.get(
    protectionUrl,
    {
      ...viewers,
      schema: {
        tags,
        summary: 'The user’s protection from blocking',
        params: perUserItemParamsSchema,
        response: { 200: dataEnvelope(blockProtectionSchema), ...guardedErrors },
      },
    },
    async (request) => ({ data: await showBlockProtection(app.db, scopeOf(request), request.params.id) }),
  );
  api.put(
    protectionUrl,
    {
      ...managers,
      schema: {
        tags,
        summary: 'Change why the user may not be blocked',
        params: perUserItemParamsSchema,
        body: blockProtectionBodySchema.partial(),
        response: { 200: dataEnvelope(blockProtectionSchema), ...guardedErrors },
      },
    },
    async (request) => ({
      data: await updateBlockProtectionReason(
        app.db,
        scopeOf(request),
        viewerOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
  api.delete(
    protectionUrl,
    {
      ...managers,
      schema: {
        tags,
        summary: 'Lift the protection: the user may be blocked again',
        params: perUserItemParamsSchema,
        response: { 204: deleted, ...guardedErrors },
      },
    },
    async (request, reply) => {
      await destroyBlockProtection(app.db, scopeOf(request), viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ——— Password reset links: `forgot-password/{id}` ———

  api.put(
    '/users/:userId/forgot-password/:id',
    {
      ...managers,
      schema: {
        tags,
        summary: 'Cancel a password reset link sent to the user (live: false); it stops working at once',
        params: perUserItemParamsSchema,
        body: passwordResetLinkBodySchema,
        response: { 200: dataEnvelope(passwordResetLinkSchema), ...writeErrors },
      },
    },
    async (request) => ({ data: await cancelResetLink(app.db, scopeOf(request), request.params.id) }),
  );
}
