import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';

export const outboxChannels = ['email', 'sms'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/**
 * How a message left: `store` (kept only, the embedded default), `smtp` (handed to the SMTP
 * server) or `provider` (handed to an SMS provider adapter).
 */
export const outboxTransports = ['store', 'smtp', 'provider'] as const;
export type OutboxTransport = (typeof outboxTransports)[number];

/**
 * Every email and SMS the platform sends, whether it was only stored or also delivered: the
 * audit of what left. `sentAt` is set once the transport accepted it; `error` when it refused.
 * A message with a transport but neither is still queued for delivery.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial().primaryKey(),
    /** Null for messages that belong to no organisation (platform mail). */
    organisationId: integer().references(() => organisations.id, { onDelete: 'cascade' }),
    channel: text({ enum: outboxChannels }).notNull(),
    to: text().notNull(),
    /** Null for SMS. */
    subject: text(),
    text: text().notNull(),
    html: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    transport: text({ enum: outboxTransports }).notNull(),
    error: text(),
    /**
     * A queued message (written inside another transaction, `Outbox.queueEmail`) taken by a
     * dispatcher; a claim older than the retry window is taken again (the dispatcher died).
     */
    claimedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_created_idx').on(t.createdAt),
    index('outbox_messages_organisation_idx').on(t.organisationId),
    index('outbox_messages_to_idx').on(sql`lower(${t.to})`),
    index('outbox_messages_queued_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null and ${t.error} is null and ${t.transport} <> 'store'`),
  ],
);
