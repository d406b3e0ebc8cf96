import {
  parseRowId,
  type DismissBody,
  type ForwardBody,
  type MarkReadBody,
  type PerUserDocument,
  type ReplyBody,
} from '@muster/contract';
import { insertDocument } from '../../catalogue/document-repository.js';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import type { Outbox } from '../outbox/service.js';
import { insertDeliveries } from './records-repository.js';
import {
  documentIdsIn,
  existingUserIds,
  findDocumentIn,
  findDocumentWith,
  findUser,
  mergeDocumentIn,
  primaryEmailsOf,
  setDocumentField,
  type DocumentRow,
  type DocumentScope,
  type UserScope,
} from './repository.js';

/*
 * The named per-user calls on the records the catalogue keeps as documents (docs/catalogue.md
 * "Per-user calls"): messages (`users.messaging`, one mailbox per person, parent key `userId=N`)
 * marked read, replied to and their attachments forwarded; notifications dismissed; login
 * messages acknowledged; sub-notes under a note. A message document holds `subject`, `body`,
 * `folder` (`inbox` or `sent`), `from_user_id`, `to_user_ids`, `sent_at`, `read_at` and, for a
 * reply, `in_reply_to` (the message answered, in the replier's mailbox) or, for a forward,
 * `forwarded_from` (the message whose attachment was forwarded).
 */

/** A stored per-user document as it is answered: its fields plus the ones the server keeps. */
export type DocumentWire = PerUserDocument;

/** Who acts, in which organisation; `name` signs the notices sent for them. */
export type CallContext = {
  organisation: { id: number; name: string };
  /** The user whose records the path names (`{userId}`). */
  scope: UserScope;
  /** The signed-in caller (the user themself, or an administrator). */
  actorId: number;
  publicOrigin: string;
};

const MESSAGES = 'users.messaging';
const ATTACHMENTS = 'users.messaging.attachments';
const NOTIFICATIONS = 'users.notifications';
const NOTES = 'users.notes';
const USER_LOGIN_MESSAGES = 'users.login-messages';
const LOGIN_MESSAGES = 'organisation.login-messages';
const LOGIN_MESSAGE_LOGS = 'organisation.login-messages.logs';

/** Longest subject a reply or forward builds from the original's. */
const SUBJECT_MAX = 200;

/** A stored document as it is answered; its body was JSON when it went in. */
export function documentWire(row: DocumentRow): DocumentWire {
  return {
    ...(row.body as Record<string, DocumentWire[string]>),
    id: row.id,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function mailbox(organisationId: number, userId: number): DocumentScope {
  return { organisationId, entry: MESSAGES, parentKey: `userId=${userId}` };
}

function attachmentsOf(organisationId: number, userId: number, messageId: number): DocumentScope {
  return { organisationId, entry: ATTACHMENTS, parentKey: `userId=${userId}&messageId=${messageId}` };
}

function notFound(what: string): HttpError {
  return new HttpError(404, `The ${what} was not found.`);
}

async function assertUser(db: Executor, scope: UserScope): Promise<void> {
  if (!(await findUser(db, scope.organisationId, scope.userId))) {
    throw notFound('user');
  }
}

/** 422 `ids.{i}` for each listed id that is not a record of the scope. */
async function assertOwnIds(db: Executor, scope: DocumentScope, ids: readonly number[], sentence: string) {
  const found = await documentIdsIn(db, scope, ids);
  const errors: Record<string, string[]> = {};
  ids.forEach((id, index) => {
    if (!found.has(id)) {
      errors[`ids.${index}`] = [sentence];
    }
  });
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
}

/**
 * `mark-read`: sets `read_at` (now) on the listed messages of the user, or all of them; with
 * `read: false` clears it. A message already in that state keeps its time. Answers how many changed.
 */
export async function markMessagesRead(
  db: Database,
  scope: UserScope,
  body: MarkReadBody,
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    await assertUser(tx, scope);
    const messages = mailbox(scope.organisationId, scope.userId);
    if (body.ids) {
      await assertOwnIds(tx, messages, body.ids, 'This message is not one of the user’s.');
    }
    const now = new Date();
    const value = body.read === false ? null : now.toISOString();
    return { updated: await setDocumentField(tx, messages, body.ids ?? null, 'read_at', value, now) };
  });
}

/** `notifications/dismiss`: sets `dismissed_at` on the listed notifications, or all of them. */
export async function dismissNotifications(
  db: Database,
  scope: UserScope,
  body: DismissBody,
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    await assertUser(tx, scope);
    const notifications: DocumentScope = {
      organisationId: scope.organisationId,
      entry: NOTIFICATIONS,
      parentKey: `userId=${scope.userId}`,
    };
    if (body.ids) {
      await assertOwnIds(tx, notifications, body.ids, 'This notification is not one of the user’s.');
    }
    const now = new Date();
    return {
      updated: await setDocumentField(
        tx,
        notifications,
        body.ids ?? null,
        'dismissed_at',
        now.toISOString(),
        now,
      ),
    };
  });
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function prefixed(prefix: string, subject: string | null, fallback: string): string {
  const base = subject ?? fallback;
  const full = base.toLowerCase().startsWith(prefix.toLowerCase()) ? base : `${prefix}${base}`;
  return full.slice(0, SUBJECT_MAX);
}

function userIdsIn(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
}

/** Queues "you have a new message" to each recipient with an email address (sent after commit). */
async function notifyRecipients(
  tx: Executor,
  outbox: Pick<Outbox, 'queueEmail'>,
  context: CallContext,
  recipients: readonly number[],
  subject: string,
): Promise<void> {
  const sender = await findUser(tx, context.scope.organisationId, context.scope.userId);
  const from = sender ? `${sender.preferredName ?? sender.firstName} ${sender.lastName}` : 'Someone';
  const emails = await primaryEmailsOf(tx, context.organisation.id, recipients);
  for (const to of emails.values()) {
    // The message itself stays in the portal: people's messages may hold personal details.
    await outbox.queueEmail(tx, {
      organisationId: context.organisation.id,
      to,
      subject: `New message from ${from}: ${subject}`,
      text:
        `${from} sent you a message on ${context.organisation.name}: "${subject}".\n\n` +
        `Read it and reply at ${context.publicOrigin}/portal`,
    });
  }
}

/**
 * `messaging/{messageId}/reply`: answers a message of the user's. The reply goes into the
 * original sender's mailbox (for a message of their own, `folder: sent`, to its recipients)
 * with `in_reply_to`, a copy goes into the user's own mailbox as sent, the original is stamped
 * `replied_at`, and each recipient is told by email. Answers the sent copy.
 */
export async function replyToMessage(
  db: Database,
  outbox: Pick<Outbox, 'queueEmail'>,
  context: CallContext,
  rawMessageId: string,
  body: ReplyBody,
): Promise<DocumentWire> {
  const { scope } = context;
  const messageId = parseRowId(rawMessageId);
  return db.transaction(async (tx) => {
    await assertUser(tx, scope);
    const own = mailbox(scope.organisationId, scope.userId);
    const original = messageId === null ? null : await findDocumentIn(tx, own, messageId, { lock: true });
    if (!original) {
      throw notFound('message');
    }
    const sender = original.body.from_user_id;
    const candidates =
      typeof sender === 'number' && sender !== scope.userId ? [sender] : userIdsIn(original.body.to_user_ids);
    const existing = await existingUserIds(tx, scope.organisationId, candidates);
    const recipients = [...new Set(candidates.filter((id) => existing.has(id) && id !== scope.userId))];
    if (recipients.length === 0) {
      throw new HttpError(
        409,
        'This message has nobody to reply to: it came from the system, or its sender has left.',
      );
    }
    const now = new Date();
    const subject = body.subject ?? prefixed('Re: ', text(original.body.subject), 'your message');
    const message = {
      subject,
      body: body.body,
      from_user_id: scope.userId,
      to_user_ids: recipients,
      in_reply_to: original.id,
      sent_at: now.toISOString(),
    };
    const sent = await insertDocument(
      tx,
      own,
      { ...message, folder: 'sent', read_at: now.toISOString() },
      context.actorId,
    );
    const copies: Array<{ recipientUserId: number; deliveredRecordId: number }> = [];
    for (const recipient of recipients) {
      const delivered = await insertDocument(
        tx,
        mailbox(scope.organisationId, recipient),
        { ...message, folder: 'inbox', read_at: null },
        context.actorId,
      );
      copies.push({ recipientUserId: recipient, deliveredRecordId: delivered.id });
    }
    // The link lets the reply be corrected or withdrawn until someone reads it (records-service.ts).
    await insertDeliveries(tx, scope.organisationId, 'reply', sent.id, copies);
    await mergeDocumentIn(tx, own, original.id, { replied_at: now.toISOString() }, now);
    await notifyRecipients(tx, outbox, context, recipients, subject);
    return documentWire(sent);
  });
}

/**
 * `messaging/{messageId}/attachments/{fileId}/forward`: sends one attachment of a message of the
 * user's to other users of the organisation: each gets a new message (`forwarded_from`) with a
 * copy of the attachment record under it, the user keeps a sent copy with one too, and each
 * recipient is told by email. 422 `user_ids.{i}` for a recipient who is not of the organisation.
 */
export async function forwardAttachment(
  db: Database,
  outbox: Pick<Outbox, 'queueEmail'>,
  context: CallContext,
  raw: { messageId: string; fileId: string },
  body: ForwardBody,
): Promise<DocumentWire> {
  const { scope } = context;
  const messageId = parseRowId(raw.messageId);
  const attachmentId = parseRowId(raw.fileId);
  return db.transaction(async (tx) => {
    await assertUser(tx, scope);
    const own = mailbox(scope.organisationId, scope.userId);
    const message = messageId === null ? null : await findDocumentIn(tx, own, messageId);
    if (!message) {
      throw notFound('message');
    }
    const attachment =
      attachmentId === null
        ? null
        : await findDocumentIn(
            tx,
            attachmentsOf(scope.organisationId, scope.userId, message.id),
            attachmentId,
          );
    if (!attachment) {
      throw notFound('attachment');
    }
    const existing = await existingUserIds(tx, scope.organisationId, body.user_ids);
    const errors: Record<string, string[]> = {};
    body.user_ids.forEach((id, index) => {
      if (!existing.has(id)) {
        errors[`user_ids.${index}`] = ['Each recipient must be a user of this organisation.'];
      }
    });
    if (Object.keys(errors).length > 0) {
      throw validationError(errors);
    }
    const recipients = [...new Set(body.user_ids)];
    const now = new Date();
    const subject = prefixed(
      'Fwd: ',
      text(message.body.subject),
      text(attachment.body.name) ?? 'an attachment',
    );
    const forwarded = {
      subject,
      body: body.body ?? '',
      from_user_id: scope.userId,
      to_user_ids: recipients,
      forwarded_from: message.id,
      // Names the attachment, so the forwards of one attachment can be listed as its records.
      forwarded_attachment_id: attachment.id,
      sent_at: now.toISOString(),
    };
    const copyAttachment = async (ownerId: number, newMessageId: number) =>
      insertDocument(
        tx,
        attachmentsOf(scope.organisationId, ownerId, newMessageId),
        { ...attachment.body, forwarded_from_attachment_id: attachment.id },
        context.actorId,
      );
    const sent = await insertDocument(
      tx,
      own,
      { ...forwarded, folder: 'sent', read_at: now.toISOString() },
      context.actorId,
    );
    await copyAttachment(scope.userId, sent.id);
    const copies: Array<{ recipientUserId: number; deliveredRecordId: number }> = [];
    for (const recipient of recipients) {
      const delivered = await insertDocument(
        tx,
        mailbox(scope.organisationId, recipient),
        { ...forwarded, folder: 'inbox', read_at: null },
        context.actorId,
      );
      await copyAttachment(recipient, delivered.id);
      copies.push({ recipientUserId: recipient, deliveredRecordId: delivered.id });
    }
    await insertDeliveries(tx, scope.organisationId, 'forward', sent.id, copies);
    await notifyRecipients(tx, outbox, context, recipients, subject);
    return documentWire(sent);
  });
}

/**
 * `login-messages/{messageId}/acknowledge`: records that the user has read a login message of
 * the organisation: their own `users.login-messages` record (`login_message_id`,
 * `acknowledged_at`) and a log entry under the message (`user_id`, `acknowledged_at`). Once:
 * acknowledging again answers the first record (`created: false`).
 */
export async function acknowledgeLoginMessage(
  db: Database,
  context: CallContext,
  rawMessageId: string,
): Promise<{ record: DocumentWire; created: boolean }> {
  const { scope } = context;
  const messageId = parseRowId(rawMessageId);
  return db.transaction(async (tx) => {
    await assertUser(tx, scope);
    const messages: DocumentScope = {
      organisationId: scope.organisationId,
      entry: LOGIN_MESSAGES,
      parentKey: '',
    };
    // Locked: two acknowledgements at once by one person queue here, and the second finds the first.
    const message = messageId === null ? null : await findDocumentIn(tx, messages, messageId, { lock: true });
    if (!message) {
      throw notFound('login message');
    }
    const own: DocumentScope = {
      organisationId: scope.organisationId,
      entry: USER_LOGIN_MESSAGES,
      parentKey: `userId=${scope.userId}`,
    };
    const earlier = await findDocumentWith(tx, own, { login_message_id: message.id });
    if (earlier) {
      return { record: documentWire(earlier), created: false };
    }
    const acknowledgedAt = new Date().toISOString();
    const record = await insertDocument(
      tx,
      own,
      { login_message_id: message.id, acknowledged_at: acknowledgedAt },
      context.actorId,
    );
    await insertDocument(
      tx,
      { organisationId: scope.organisationId, entry: LOGIN_MESSAGE_LOGS, parentKey: `id=${message.id}` },
      { user_id: scope.userId, acknowledged_at: acknowledgedAt },
      context.actorId,
    );
    return { record: documentWire(record), created: true };
  });
}

/**
 * `notes/{noteId}/sub-notes`: a note (any snake_case fields, checked by the route like any
 * catalogue document) under a note of the same user, stored as a `users.notes`
 * record with `parent_note_id` (so the notes index lists a thread with `?parent_note_id=`). Threads
 * are one level deep: a sub-note of a sub-note hangs under its top note.
 */
export async function storeSubNote(
  db: Database,
  context: CallContext,
  rawNoteId: string,
  body: Record<string, unknown>,
): Promise<DocumentWire> {
  const { scope } = context;
  if ('parent_note_id' in body) {
    throw validationError({ parent_note_id: ['This field is set by the server.'] });
  }
  const noteId = parseRowId(rawNoteId);
  return db.transaction(async (tx) => {
    await assertUser(tx, scope);
    const notes: DocumentScope = {
      organisationId: scope.organisationId,
      entry: NOTES,
      parentKey: `userId=${scope.userId}`,
    };
    const note = noteId === null ? null : await findDocumentIn(tx, notes, noteId);
    if (!note) {
      throw notFound('note');
    }
    const above = note.body.parent_note_id;
    const parentNoteId =
      typeof above === 'number' && (await findDocumentIn(tx, notes, above)) ? above : note.id;
    return documentWire(
      await insertDocument(tx, notes, { ...body, parent_note_id: parentNoteId }, context.actorId),
    );
  });
}
