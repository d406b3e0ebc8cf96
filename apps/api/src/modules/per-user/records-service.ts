import {
  parseRowId,
  type Dismissal,
  type PaginationMeta,
  type ReadMark,
  type SentMessageCorrectionBody,
} from '@muster/contract';
import { insertDocument } from '../../catalogue/document-repository.js';
import type { Database, Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { documentWire, type CallContext, type DocumentWire } from './calls-service.js';
import {
  findDocumentIn,
  findDocumentWith,
  findUser,
  type DocumentRow,
  type DocumentScope,
  type UserScope,
} from './repository.js';
import {
  deleteDocumentsById,
  deleteDocumentsUnder,
  findDocumentMatching,
  listDeliveredCopies,
  pageDocumentsWith,
  replaceDocumentBody,
} from './records-repository.js';

/*
 * The generic operations of the per-user named calls (docs/catalogue.md "Per-user calls"): what
 * mark-read, dismiss, reply, forward and acknowledge did, as records one can list, show, change
 * and delete. A read mark and a dismissal are a field of the message or notification they mark
 * (named by its id); replies and forwards are the sent copies in the user's mailbox, linked to the
 * recipients' copies (`message_deliveries`); an acknowledgement is the person's
 * `users.login-messages` record.
 */

/** A page of records and where it sits. */
export type Page<T> = { data: T[]; meta: PaginationMeta };
export type PageQuery = { page: number; perPage: number };

const MESSAGES = 'users.messaging';
const ATTACHMENTS = 'users.messaging.attachments';
const MESSAGE_LOGS = 'users.messaging.logs';
const NOTIFICATIONS = 'users.notifications';
const USER_LOGIN_MESSAGES = 'users.login-messages';
const LOGIN_MESSAGES = 'organisation.login-messages';
const LOGIN_MESSAGE_LOGS = 'organisation.login-messages.logs';

function notFound(what: string): HttpError {
  return new HttpError(404, `The ${what} was not found.`);
}

async function assertUser(db: Executor, scope: UserScope): Promise<void> {
  if (!(await findUser(db, scope.organisationId, scope.userId))) {
    throw notFound('user');
  }
}

function mailbox(scope: UserScope): DocumentScope {
  return { organisationId: scope.organisationId, entry: MESSAGES, parentKey: `userId=${scope.userId}` };
}

function attachmentKey(userId: number, messageId: number): string {
  return `userId=${userId}&messageId=${messageId}`;
}

function timeOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function paged<T>(rows: T[], total: number, query: PageQuery): Page<T> {
  return { data: rows, meta: { current_page: query.page, per_page: query.perPage, total } };
}

// ——— Read marks ———

function readMarkOf(row: DocumentRow): ReadMark {
  const readAt = timeOf(row.body.read_at);
  return { id: row.id, message_id: row.id, read: readAt !== null, read_at: readAt };
}

/** The message of the user's that `rawId` names (404 otherwise), optionally locked. */
async function ownMessage(db: Executor, scope: UserScope, rawId: string, lock = false): Promise<DocumentRow> {
  await assertUser(db, scope);
  const id = parseRowId(rawId);
  const row = id === null ? null : await findDocumentIn(db, mailbox(scope), id, { lock });
  if (!row) {
    throw notFound('message');
  }
  return row;
}

/** `GET messaging/mark-read/{messageId}`: whether, and since when, the user has read the message. */
export async function showReadMark(db: Database, scope: UserScope, rawId: string): Promise<ReadMark> {
  return readMarkOf(await ownMessage(db, scope, rawId));
}

/**
 * `PUT messaging/mark-read/{messageId}` (`read` true by default) and `DELETE` (read false): marks
 * one message read (an earlier time is kept) or unread. Answers the mark as it now stands.
 */
export async function setReadMark(
  db: Database,
  scope: UserScope,
  rawId: string,
  read: boolean,
): Promise<ReadMark> {
  return db.transaction(async (tx) => {
    const row = await ownMessage(tx, scope, rawId, true);
    const current = timeOf(row.body.read_at);
    if (read === (current !== null)) {
      return readMarkOf(row);
    }
    const now = new Date();
    const body = { ...row.body, read_at: read ? now.toISOString() : null };
    return readMarkOf(await replaceDocumentBody(tx, scope.organisationId, row.id, body, now));
  });
}

// ——— Dismissals ———

function notificationsOf(scope: UserScope): DocumentScope {
  return { organisationId: scope.organisationId, entry: NOTIFICATIONS, parentKey: `userId=${scope.userId}` };
}

function dismissalOf(row: DocumentRow): Dismissal {
  const dismissedAt = timeOf(row.body.dismissed_at);
  return { id: row.id, notification_id: row.id, dismissed: dismissedAt !== null, dismissed_at: dismissedAt };
}

async function ownNotification(
  db: Executor,
  scope: UserScope,
  rawId: string,
  lock = false,
): Promise<DocumentRow> {
  await assertUser(db, scope);
  const id = parseRowId(rawId);
  const row = id === null ? null : await findDocumentIn(db, notificationsOf(scope), id, { lock });
  if (!row) {
    throw notFound('notification');
  }
  return row;
}

/** `GET notifications/dismiss/`: the user's dismissed notifications, newest first. */
export async function listDismissals(
  db: Database,
  scope: UserScope,
  query: PageQuery,
): Promise<Page<Dismissal>> {
  await assertUser(db, scope);
  const { rows, total } = await pageDocumentsWith(
    db,
    notificationsOf(scope),
    { match: {}, present: 'dismissed_at' },
    query,
  );
  return paged(rows.map(dismissalOf), total, query);
}

/** `GET notifications/dismiss/{notificationId}`: whether, and when, the user dismissed it. */
export async function showDismissal(db: Database, scope: UserScope, rawId: string): Promise<Dismissal> {
  return dismissalOf(await ownNotification(db, scope, rawId));
}

/**
 * `PUT notifications/dismiss/{notificationId}` (`dismissed` true by default) and `DELETE`
 * (dismissed false: shown again). An earlier dismissal keeps its time.
 */
export async function setDismissal(
  db: Database,
  scope: UserScope,
  rawId: string,
  dismissed: boolean,
): Promise<Dismissal> {
  return db.transaction(async (tx) => {
    const row = await ownNotification(tx, scope, rawId, true);
    if (dismissed === (timeOf(row.body.dismissed_at) !== null)) {
      return dismissalOf(row);
    }
    const now = new Date();
    const body = { ...row.body, dismissed_at: dismissed ? now.toISOString() : null };
    return dismissalOf(await replaceDocumentBody(tx, scope.organisationId, row.id, body, now));
  });
}

// ——— Replies and forwards ———

/** Which sent messages are the records of a reply or forward route. */
export type SentRecords =
  { kind: 'reply'; messageId: string } | { kind: 'forward'; messageId: string; attachmentId: string };

const NOUN = { reply: 'reply', forward: 'forward' } as const;

/**
 * The body match of the records under the route, after checking that the message (and the
 * attachment) it names is the user's: 404 otherwise.
 */
async function sentMatch(
  db: Executor,
  scope: UserScope,
  records: SentRecords,
): Promise<Record<string, unknown>> {
  const message = await ownMessage(db, scope, records.messageId);
  if (records.kind === 'reply') {
    return { folder: 'sent', in_reply_to: message.id };
  }
  const attachmentId = parseRowId(records.attachmentId);
  const attachment =
    attachmentId === null
      ? null
      : await findDocumentIn(
          db,
          {
            organisationId: scope.organisationId,
            entry: ATTACHMENTS,
            parentKey: attachmentKey(scope.userId, message.id),
          },
          attachmentId,
        );
  if (!attachment) {
    throw notFound('attachment');
  }
  return { folder: 'sent', forwarded_from: message.id, forwarded_attachment_id: attachment.id };
}

async function sentRecord(
  db: Executor,
  scope: UserScope,
  records: SentRecords,
  rawId: string,
  lock = false,
): Promise<DocumentRow> {
  const match = await sentMatch(db, scope, records);
  const id = parseRowId(rawId);
  const row = id === null ? null : await findDocumentMatching(db, mailbox(scope), id, match, { lock });
  if (!row) {
    throw notFound(NOUN[records.kind]);
  }
  return row;
}

/** `GET …/reply/` and `GET …/forward/`: the user's replies to the message (or forwards of the attachment), newest first. */
export async function listSent(
  db: Database,
  scope: UserScope,
  records: SentRecords,
  query: PageQuery,
): Promise<Page<DocumentWire>> {
  const match = await sentMatch(db, scope, records);
  const { rows, total } = await pageDocumentsWith(db, mailbox(scope), { match }, query);
  return paged(rows.map(documentWire), total, query);
}

/** `GET …/reply/{id}` and `GET …/forward/{id}`: one of them (the sent copy). */
export async function showSent(
  db: Database,
  scope: UserScope,
  records: SentRecords,
  rawId: string,
): Promise<DocumentWire> {
  return documentWire(await sentRecord(db, scope, records, rawId));
}

/** The recipients' copies, locked; 409 once any of them has been read (the words can no longer change). */
async function unreadCopies(
  tx: Executor,
  scope: UserScope,
  sent: DocumentRow,
  records: SentRecords,
  doing: string,
) {
  const copies = await listDeliveredCopies(tx, scope.organisationId, sent.id, { lock: true });
  if (copies.some(({ copy }) => timeOf(copy.body.read_at) !== null)) {
    throw new HttpError(
      409,
      `This ${NOUN[records.kind]} has been read, so it can no longer be ${doing}; delete your own copy from your messages instead.`,
    );
  }
  return copies;
}

/**
 * `PUT …/reply/{id}` and `PUT …/forward/{id}`: corrects the subject or text of a reply or forward
 * while none of its recipients has read it, in the sent copy and every recipient's copy (409 once
 * one has). Answers the sent copy.
 */
export async function correctSent(
  db: Database,
  scope: UserScope,
  records: SentRecords,
  rawId: string,
  body: SentMessageCorrectionBody,
): Promise<DocumentWire> {
  return db.transaction(async (tx) => {
    const sent = await sentRecord(tx, scope, records, rawId, true);
    const copies = await unreadCopies(tx, scope, sent, records, 'changed');
    const changes = {
      ...(body.subject === undefined ? {} : { subject: body.subject }),
      ...(body.body === undefined ? {} : { body: body.body }),
      edited_at: new Date().toISOString(),
    };
    const now = new Date();
    for (const { copy } of copies) {
      await replaceDocumentBody(tx, scope.organisationId, copy.id, { ...copy.body, ...changes }, now);
    }
    return documentWire(
      await replaceDocumentBody(tx, scope.organisationId, sent.id, { ...sent.body, ...changes }, now),
    );
  });
}

/**
 * `DELETE …/reply/{id}` and `DELETE …/forward/{id}`: withdraws a reply or forward nobody has read
 * yet: the sent copy, every recipient's copy and the records under them (attachments, logs) go (409 once one has been
 * read). A message left with no reply of the user's loses its `replied_at`.
 */
export async function withdrawSent(
  db: Database,
  scope: UserScope,
  records: SentRecords,
  rawId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const sent = await sentRecord(tx, scope, records, rawId, true);
    const copies = await unreadCopies(tx, scope, sent, records, 'withdrawn');
    await deleteDocumentsUnder(
      tx,
      scope.organisationId,
      [ATTACHMENTS, MESSAGE_LOGS],
      [
        attachmentKey(scope.userId, sent.id),
        ...copies.map(({ delivery, copy }) => attachmentKey(delivery.recipientUserId, copy.id)),
      ],
    );
    await deleteDocumentsById(tx, scope.organisationId, [sent.id, ...copies.map(({ copy }) => copy.id)]);
    if (records.kind === 'reply') {
      const original = await ownMessage(tx, scope, records.messageId, true);
      const another = await findDocumentWith(tx, mailbox(scope), {
        folder: 'sent',
        in_reply_to: original.id,
      });
      if (!another && 'replied_at' in original.body) {
        const { replied_at: _repliedAt, ...rest } = original.body;
        await replaceDocumentBody(tx, scope.organisationId, original.id, rest, new Date());
      }
    }
  });
}

// ——— Acknowledgements ———

function ownAcknowledgements(scope: UserScope): DocumentScope {
  return {
    organisationId: scope.organisationId,
    entry: USER_LOGIN_MESSAGES,
    parentKey: `userId=${scope.userId}`,
  };
}

/** The organisation's login message the path names (404 otherwise), optionally locked. */
async function loginMessage(
  db: Executor,
  scope: UserScope,
  rawMessageId: string,
  lock = false,
): Promise<DocumentRow> {
  await assertUser(db, scope);
  const id = parseRowId(rawMessageId);
  const row =
    id === null
      ? null
      : await findDocumentIn(
          db,
          { organisationId: scope.organisationId, entry: LOGIN_MESSAGES, parentKey: '' },
          id,
          {
            lock,
          },
        );
  if (!row) {
    throw notFound('login message');
  }
  return row;
}

async function acknowledgement(
  db: Executor,
  scope: UserScope,
  rawMessageId: string,
  rawId: string,
  lock = false,
): Promise<{ message: DocumentRow; record: DocumentRow }> {
  const message = await loginMessage(db, scope, rawMessageId, lock);
  const id = parseRowId(rawId);
  const record =
    id === null
      ? null
      : await findDocumentMatching(
          db,
          ownAcknowledgements(scope),
          id,
          { login_message_id: message.id },
          { lock },
        );
  if (!record) {
    throw notFound('acknowledgement');
  }
  return { message, record };
}

/** `GET login-messages/{messageId}/acknowledge`: the user's acknowledgement of the message (none or one). */
export async function listAcknowledgements(
  db: Database,
  scope: UserScope,
  rawMessageId: string,
  query: PageQuery,
): Promise<Page<DocumentWire>> {
  const message = await loginMessage(db, scope, rawMessageId);
  const { rows, total } = await pageDocumentsWith(
    db,
    ownAcknowledgements(scope),
    { match: { login_message_id: message.id } },
    query,
  );
  return paged(rows.map(documentWire), total, query);
}

/** `GET login-messages/{messageId}/acknowledge/{id}`: one acknowledgement. */
export async function showAcknowledgement(
  db: Database,
  scope: UserScope,
  rawMessageId: string,
  rawId: string,
): Promise<DocumentWire> {
  return documentWire((await acknowledgement(db, scope, rawMessageId, rawId)).record);
}

/**
 * `PUT login-messages/{messageId}/acknowledge/{id}` (the person themself): acknowledges again, as
 * of now (the message may have changed since), with a new log entry under the message.
 */
export async function renewAcknowledgement(
  db: Database,
  context: CallContext,
  rawMessageId: string,
  rawId: string,
): Promise<DocumentWire> {
  const { scope } = context;
  return db.transaction(async (tx) => {
    const { message, record } = await acknowledgement(tx, scope, rawMessageId, rawId, true);
    const now = new Date();
    const acknowledgedAt = now.toISOString();
    const renewed = await replaceDocumentBody(
      tx,
      scope.organisationId,
      record.id,
      { ...record.body, acknowledged_at: acknowledgedAt },
      now,
    );
    await insertDocument(
      tx,
      { organisationId: scope.organisationId, entry: LOGIN_MESSAGE_LOGS, parentKey: `id=${message.id}` },
      { user_id: scope.userId, acknowledged_at: acknowledgedAt },
      context.actorId,
    );
    return documentWire(renewed);
  });
}

/**
 * `DELETE login-messages/{messageId}/acknowledge/{id}`: withdraws the acknowledgement, so the
 * message counts as unread again; the log under the message keeps the history and records the
 * withdrawal (`withdrawn_at`).
 */
export async function withdrawAcknowledgement(
  db: Database,
  context: CallContext,
  rawMessageId: string,
  rawId: string,
): Promise<void> {
  const { scope } = context;
  await db.transaction(async (tx) => {
    const { message, record } = await acknowledgement(tx, scope, rawMessageId, rawId, true);
    await deleteDocumentsById(tx, scope.organisationId, [record.id]);
    await insertDocument(
      tx,
      { organisationId: scope.organisationId, entry: LOGIN_MESSAGE_LOGS, parentKey: `id=${message.id}` },
      { user_id: scope.userId, withdrawn_at: new Date().toISOString() },
      context.actorId,
    );
  });
}
