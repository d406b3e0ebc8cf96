import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisationId, timestamps } from './columns.js';
import { users } from './users.js';

/**
 * Single-use links for a person to give their diversity answers outside an application
 * (`POST /users/{userId}/diversity/url/`). Only a hash of the link's secret is kept; a newer link
 * voids the person's older ones, and a used or expired link answers nothing.
 */
export const diversityLinks = pgTable(
  'diversity_links',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the link's secret. */
    tokenHash: text().notNull(),
    /** Who asked for the link (the person themself or an administrator). */
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When the answers were given through it, or when a newer link replaced it. */
    usedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('diversity_links_token_hash_unique').on(t.tokenHash),
    index('diversity_links_user_idx').on(t.organisationId, t.userId),
  ],
);
