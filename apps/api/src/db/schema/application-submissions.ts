import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { organisationId } from './columns.js';

/**
 * The first answer of an application submit that carried an `Idempotency-Key`: a retry with
 * the same key and the same request answers it again instead of applying twice; the same key
 * with another request is refused. `requestHash` is an HMAC (keyed by the server secret) of the
 * caller and the body, so it reveals nothing of the password it covers.
 */
export const applicationSubmissions = pgTable(
  'application_submissions',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    applicationId: integer().references(() => applications.id, { onDelete: 'cascade' }),
    statusCode: integer().notNull(),
    response: jsonb().$type<unknown>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('application_submissions_organisation_key_unique').on(t.organisationId, t.idempotencyKey),
    index('application_submissions_created_idx').on(t.createdAt),
  ],
);
