import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.js';
import { organisationId, timestamps } from './columns.js';
import { users } from './users.js';

/*
 * Vetting (platform-foundation §7: `/vetting/`, `/users/{userId}/vetting/`,
 * `/organisation/disclosure-types/`): the background checks an organisation asks of its people
 * (a criminal-record disclosure, a barred-list check) and where each stands. The vetting reports
 * (`/reports/users/vetting…`) and the vetting checkpoint read these tables.
 */

export const vettingStatuses = ['requested', 'in_progress', 'cleared', 'rejected', 'expired'] as const;
export type VettingStatus = (typeof vettingStatuses)[number];

/** Statuses of a check that was cleared once: they carry the day it was cleared. */
export const clearedVettingStatuses = ['cleared', 'expired'] as const;

/**
 * A kind of check the organisation asks for ("Enhanced DBS with barred list", "Basic DBS").
 * `validityMonths`: a cleared check of this kind is redone that long after clearance (null: never).
 */
export const disclosureTypes = pgTable(
  'disclosure_types',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    description: text(),
    validityMonths: integer(),
    position: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('disclosure_types_organisation_idx').on(t.organisationId, t.position),
    check('disclosure_types_validity_check', sql`${t.validityMonths} is null or ${t.validityMonths} > 0`),
  ],
);

/**
 * One check of one person: requested on a day, then in progress, then cleared (with the day) or
 * rejected; a cleared check lapses on `expiresOn`, when it is marked expired. The reports read the
 * dates, so a check still marked cleared after its expiry day counts as expired there.
 */
export const vettingChecks = pgTable(
  'vetting_checks',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    // A type in use cannot be deleted (409): retire it with `active`.
    disclosureTypeId: integer()
      .notNull()
      .references(() => disclosureTypes.id, { onDelete: 'restrict' }),
    /** The certificate or application number the checking body gave. */
    referenceNumber: text(),
    status: text({ enum: vettingStatuses }).notNull().default('requested'),
    requestedOn: date({ mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    clearedOn: date({ mode: 'string' }),
    expiresOn: date({ mode: 'string' }),
    notes: text(),
    createdBy: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // With the organisation: a person's checks (vetting by person) are one index range, which
    // the planner prefers to the organisation's whole range of the index below.
    index('vetting_checks_user_idx').on(t.userId, t.organisationId, t.requestedOn),
    index('vetting_checks_organisation_requested_idx').on(t.organisationId, t.requestedOn),
    index('vetting_checks_organisation_cleared_idx').on(t.organisationId, t.clearedOn),
    index('vetting_checks_organisation_expiry_idx').on(t.organisationId, t.expiresOn),
    index('vetting_checks_type_idx').on(t.disclosureTypeId),
    // One certificate number is one check.
    uniqueIndex('vetting_checks_reference_unique').on(
      t.organisationId,
      t.disclosureTypeId,
      t.referenceNumber,
    ),
    index('vetting_checks_created_by_idx').on(t.createdBy),
    check('vetting_checks_status_check', oneOf(t.status, vettingStatuses)),
    // A cleared (or since expired) check says when it was cleared; any other has no such day.
    check(
      'vetting_checks_cleared_check',
      sql`(${oneOf(t.status, clearedVettingStatuses)}) = (${t.clearedOn} is not null)`,
    ),
    check('vetting_checks_expired_check', sql`${t.status} <> 'expired' or ${t.expiresOn} is not null`),
    check('vetting_checks_cleared_after_request_check', sql`${t.clearedOn} >= ${t.requestedOn}`),
    check('vetting_checks_expiry_check', sql`${t.expiresOn} >= coalesce(${t.clearedOn}, ${t.requestedOn})`),
  ],
);
