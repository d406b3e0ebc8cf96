import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogueRecords } from './catalogue-records.js';
import { oneOf } from './checks.js';
import { organisationId, timestamps } from './columns.js';
import { users } from './users.js';

/** How a delivered message came about: a reply to a message, or a forwarded attachment. */
export const messageDeliveryKinds = ['reply', 'forward'] as const;
export type MessageDeliveryKind = (typeof messageDeliveryKinds)[number];

/**
 * Which recipient's copy belongs to which sent message (`users.messaging` documents live one
 * mailbox per person, so a reply or forward is one sent copy plus one copy per recipient). Kept
 * out of the documents' bodies so that nobody can point a sent message at someone else's copy by
 * editing it; both copies are catalogue records, and deleting either drops the link.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    kind: text({ enum: messageDeliveryKinds }).notNull(),
    sentRecordId: integer()
      .notNull()
      .references(() => catalogueRecords.id, { onDelete: 'cascade' }),
    deliveredRecordId: integer()
      .notNull()
      .references(() => catalogueRecords.id, { onDelete: 'cascade' }),
    recipientUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_deliveries_delivered_unique').on(t.deliveredRecordId),
    index('message_deliveries_sent_idx').on(t.organisationId, t.sentRecordId),
    check('message_deliveries_kind_check', oneOf(t.kind, messageDeliveryKinds)),
  ],
);

/**
 * A person the organisation has decided may not be blocked (`users.blocked.can-be-blocked`
 * records): a service account, the organisation's owner. One per person; `reason` is shown to
 * whoever asks whether they can block them.
 */
export const userBlockProtections = pgTable(
  'user_block_protections',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_block_protections_user_unique').on(t.userId),
    index('user_block_protections_organisation_idx').on(t.organisationId),
    check('user_block_protections_reason_check', sql`char_length(${t.reason}) between 1 and 500`),
  ],
);
