import nodemailer from 'nodemailer';
import type { Database, Executor } from '../../db/client.js';
import type { OutboxTransport } from '../../db/schema/index.js';
import {
  claimQueuedEmails,
  insertOutboxMessage,
  listOutboxMessages,
  markOutboxMessageFailed,
  markOutboxMessageSent,
  pruneOutboxMessages,
  type OutboxMessageRow,
} from './repository.js';
import { redactSecrets } from './redact.js';

export type OutgoingEmail = {
  organisationId?: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
};
export type OutgoingSms = { organisationId?: number; to: string; text: string };

/** A stored outgoing message (the audit record), as `Outbox.list` returns it. */
export type OutboxMessage = OutboxMessageRow;

/** Adapter to an SMS gateway; rejects when the gateway refuses the message. */
export type SmsProvider = { send(to: string, text: string): Promise<void> };

export type Outbox = {
  sendEmail(message: OutgoingEmail): Promise<void>;
  /**
   * Stores an email with `tx`, inside the caller's transaction, so that it exists only if the
   * rest of the transaction commits; it leaves with {@link Outbox.dispatchQueued} after the commit.
   */
  queueEmail(tx: Executor, message: OutgoingEmail): Promise<void>;
  /**
   * Hands queued emails to the transport (none without SMTP: they are stored only). A refused
   * message keeps its error and the others still go. Answers how many were sent.
   */
  dispatchQueued(now?: Date): Promise<number>;
  sendSms(message: OutgoingSms): Promise<void>;
  /** Stored messages newest first (default 50), optionally only those to one recipient. */
  list(limit?: number, filter?: { to?: string }): Promise<OutboxMessage[]>;
};

export type OutboxOptions = {
  db: Database;
  /** `smtp://` or `smtps://` URL; when absent email is stored only (the embedded default). */
  smtpUrl?: string | undefined;
  /** The From header of every email. */
  mailFrom: string;
  /** When absent SMS are stored only. */
  smsProvider?: SmsProvider | undefined;
};

/** Raised when a transport refused a message; the message stays stored with the error. */
export class OutboxDeliveryError extends Error {
  constructor(
    readonly messageId: number,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Outgoing message ${messageId} was not delivered: ${reason}`, options);
    this.name = 'OutboxDeliveryError';
  }
}

const DEFAULT_LIST_LIMIT = 50;
/** How long the outbox keeps a message at all (issue 10, finding 10). */
export const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Queued emails one dispatch takes at a time. */
const DISPATCH_BATCH = 20;
/** A claim older than this is taken again: the process that claimed it died mid-send. */
const CLAIM_RETRY_MS = 10 * 60 * 1000;
/** Stored error texts are capped: a server's answer can be long, and it is diagnostics only. */
const MAX_ERROR_LENGTH = 1000;

/**
 * The one way the platform sends email and SMS. Every message is stored first (the audit of
 * what left); with an SMTP URL email then goes out through nodemailer, with an SMS provider SMS
 * go out through it. A refused message keeps its error and the call rejects. Bodies are never
 * logged: they carry sign-in codes and links.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, mailFrom, smsProvider } = options;
  // A slow or silent SMTP server must not hold a request for nodemailer's default minutes;
  // timeouts given in the URL's query still win.
  const mailer = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;

  async function deliver(
    row: Pick<OutboxMessageRow, 'id' | 'text' | 'html'>,
    send: () => Promise<unknown>,
  ): Promise<void> {
    const { id } = row;
    try {
      await send();
    } catch (error) {
      const reason = describeError(error);
      await markOutboxMessageFailed(db, id, reason);
      throw new OutboxDeliveryError(id, reason, { cause: error });
    }
    await markOutboxMessageSent(db, id, new Date(), {
      text: redactSecrets(row.text),
      html: row.html === null ? null : redactSecrets(row.html),
    });
  }

  function storeEmail(executor: Executor, message: OutgoingEmail) {
    requireRecipient(message.to);
    const transport: OutboxTransport = mailer ? 'smtp' : 'store';
    return insertOutboxMessage(executor, {
      organisationId: message.organisationId ?? null,
      channel: 'email',
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      transport,
    });
  }

  function mail(message: Pick<OutboxMessageRow, 'to' | 'subject' | 'text' | 'html'>) {
    if (!mailer) {
      throw new Error('No SMTP transport is configured.');
    }
    return mailer.sendMail({
      from: mailFrom,
      to: message.to,
      subject: message.subject ?? '',
      text: message.text,
      ...(message.html === null ? {} : { html: message.html }),
    });
  }

  return {
    async sendEmail(message) {
      const row = await storeEmail(db, message);
      if (mailer) {
        await deliver(row, () => mail(row));
      }
    },

    async queueEmail(tx, message) {
      await storeEmail(tx, message);
    },

    async dispatchQueued(now = new Date()) {
      if (!mailer) {
        return 0;
      }
      let sent = 0;
      for (;;) {
        const claimed = await claimQueuedEmails(db, {
          limit: DISPATCH_BATCH,
          now,
          staleBefore: new Date(now.getTime() - CLAIM_RETRY_MS),
        });
        for (const row of claimed) {
          try {
            await deliver(row, () => mail(row));
            sent += 1;
          } catch (error) {
            // Recorded on the message by `deliver`; one refused address must not hold up the rest.
            if (!(error instanceof OutboxDeliveryError)) {
              throw error;
            }
          }
        }
        if (claimed.length < DISPATCH_BATCH) {
          return sent;
        }
      }
    },

    async sendSms(message) {
      requireRecipient(message.to);
      const row = await insertOutboxMessage(db, {
        organisationId: message.organisationId ?? null,
        channel: 'sms',
        to: message.to,
        subject: null,
        text: message.text,
        transport: smsProvider ? 'provider' : 'store',
      });
      if (smsProvider) {
        await deliver(row, () => smsProvider.send(message.to, message.text));
      }
    },

    list(limit = DEFAULT_LIST_LIMIT, filter = {}) {
      return listOutboxMessages(db, { limit, to: filter.to });
    },
  };
}

/** Deletes outbox messages older than the retention period; answers how many went. */
export function pruneOutbox(db: Executor, now: Date): Promise<number> {
  return pruneOutboxMessages(db, new Date(now.getTime() - OUTBOX_RETENTION_MS));
}

function requireRecipient(to: string): void {
  if (to.trim() === '') {
    throw new Error('An outgoing message needs a recipient.');
  }
}

/** A short, body-free description of a transport failure (nodemailer adds `code` and `response`). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) {
    return String(error).slice(0, MAX_ERROR_LENGTH);
  }
  const code = (error as Error & { code?: unknown }).code;
  const text =
    typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  return text.slice(0, MAX_ERROR_LENGTH);
}
