import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.js';
import { organisationId, timestamps } from './columns.js';
import { users } from './users.js';

/** How a consent question is answered (platform-foundation §3, §4). */
export const consentTypes = ['radio', 'checkbox', 'multiple-checkboxes'] as const;
export type ConsentType = (typeof consentTypes)[number];

/**
 * A consent question of the organisation (platform-foundation §3): shown on the review step
 * of an application and on the privacy and consent panel of a profile.
 */
export const consents = pgTable(
  'consents',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    statement: text().notNull(),
    compulsory: boolean().notNull().default(false),
    type: text({ enum: consentTypes }).notNull(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('consents_organisation_idx').on(t.organisationId, t.position),
    check('consents_type_check', oneOf(t.type, consentTypes)),
  ],
);

/** One answer a consent offers; a single checkbox has exactly one (ticked means this option). */
export const consentOptions = pgTable(
  'consent_options',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    consentId: integer()
      .notNull()
      .references(() => consents.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    // Target of the composite key that keeps an answer's option inside its own consent.
    unique('consent_options_consent_id_unique').on(t.consentId, t.id),
    index('consent_options_consent_idx').on(t.consentId, t.position),
  ],
);

/**
 * A user's current answer to a consent: one row per chosen option (one for radio and checkbox,
 * any number for multiple-checkboxes; no row means no answer). The composite foreign key keeps
 * the option within the consent.
 */
export const userConsentAnswers = pgTable(
  'user_consent_answers',
  {
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentId: integer()
      .notNull()
      .references(() => consents.id, { onDelete: 'cascade' }),
    consentOptionId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.consentId, t.consentOptionId] }),
    foreignKey({
      name: 'user_consent_answers_option_fk',
      columns: [t.consentId, t.consentOptionId],
      foreignColumns: [consentOptions.consentId, consentOptions.id],
    }).onDelete('cascade'),
    index('user_consent_answers_consent_idx').on(t.consentId),
  ],
);

/**
 * One change of a user's consent answer (platform-foundation §3 "Consent log entry").
 * `createdByUserId` null means the parent or guardian made the change. Values are the option
 * texts as they read at the time (several joined with ", "), so the history survives edits.
 * `timezone` is the IANA name the change was made in; not a foreign key, so renamed zones
 * never break old entries.
 */
export const consentChangeLogs = pgTable(
  'consent_change_logs',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentId: integer()
      .notNull()
      .references(() => consents.id, { onDelete: 'cascade' }),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    oldValue: text(),
    newValue: text(),
    timezone: text().notNull().default('Europe/London'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consent_change_logs_user_consent_idx').on(t.userId, t.consentId, t.createdAt),
    check('consent_change_logs_changed_check', sql`${t.oldValue} is not null or ${t.newValue} is not null`),
  ],
);

/** Terms an applicant must accept (platform-foundation §3 "Terms": name and link). */
export const terms = pgTable(
  'terms',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    link: text().notNull(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('terms_organisation_idx').on(t.organisationId, t.position)],
);
