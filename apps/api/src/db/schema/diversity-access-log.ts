import { index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { organisationId } from './columns.js';
import { users } from './users.js';

/**
 * Every read of a user's diversity answers (special-category data) by someone other than the
 * user: who read whose answers, and when. Written in the same transaction as the read, so an
 * answer is never given without its entry. A reader cannot be deleted while their reads are on
 * record; the entries of a deleted subject go with their answers.
 */
export const diversityAccessLog = pgTable(
  'diversity_access_log',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    readerUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    subjectUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('diversity_access_log_subject_idx').on(t.organisationId, t.subjectUserId, t.readAt),
    index('diversity_access_log_reader_idx').on(t.organisationId, t.readerUserId, t.readAt),
  ],
);
