import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisationId } from './columns.js';
import { users } from './users.js';

/** Countries and territories for addresses and the telephone widget (applicant-flow §3.7). */
export const countries = pgTable('countries', {
  /** Two-letter region code, e.g. GB. */
  region: text().primaryKey(),
  name: text().notNull(),
  /** Dial code without the plus, e.g. 44. */
  countryCode: text().notNull(),
});

/** IANA time zones offered by the timezone picker. */
export const timezones = pgTable('timezones', {
  name: text().primaryKey(),
  displayText: text().notNull(),
});

/** Mime types accepted for upload. */
export const fileTypes = pgTable('file_types', {
  mime: text().primaryKey(),
  extension: text().notNull(),
  /** One of Image, Video, Audio, PDF, Document (platform-foundation §9). */
  kind: text().notNull(),
});

/** An uploaded file. Ephemeral uploads not attached within 24 hours are deleted. */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: organisationId(),
    uploadedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Whose file it is: the applicant, once attached to their application (applicant-flow §2.6); null until then. */
    ownerUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * The client address an ephemeral upload came from, for the per-client upload quota of
     * anonymous uploaders; cleared when the file is attached or claimed.
     */
    uploadedFrom: text(),
    /** Server-generated name on disk; never the client's. */
    storageName: text().notNull().unique(),
    originalName: text().notNull(),
    mime: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    ephemeral: boolean().notNull().default(true),
    attachedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_organisation_idx').on(t.organisationId), index('files_ephemeral_idx').on(t.ephemeral, t.createdAt)],
);
