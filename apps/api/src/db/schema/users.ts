import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisationId, timestamps } from './columns.js';

/** User status lookup (`status.id` on the user). */
export const userStatuses = pgTable('user_statuses', {
  id: integer().primaryKey(),
  name: text().notNull().unique(),
});

export const twoFactorMethods = ['email', 'sms', 'auth_app', 'magic_link'] as const;
export type TwoFactorMethod = (typeof twoFactorMethods)[number];

/** A person known to one organisation: applicant, volunteer, supervisor or staff (applicant-flow §3.6). */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    title: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    preferredName: text(),
    dob: date({ mode: 'string' }),
    statusId: integer()
      .notNull()
      .default(1)
      .references(() => userStatuses.id),
    /** argon2id hash; null for single-sign-on users and people without a login. */
    passwordHash: text(),
    /** The subject at the organisation's OpenID provider, for SSO users. */
    ssoSubject: text(),
    twoFactorEnabled: boolean().notNull().default(false),
    twoFactorMethod: text({ enum: twoFactorMethods }),
    /** TOTP secret (base32) for the authenticator-app method. */
    twoFactorSecret: text(),
    /** Bumped whenever the password or the two-factor settings change: trusted devices older than it are void. */
    credentialsChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The organisation's people in id order with what the reports filter them by (status, when
    // the account was made, date of birth): the reports count and join a million people from
    // this index alone (about 50 MB) instead of scanning the table (281 MB), and in id order, so
    // that the records they group per person (read in person order) meet them in a merge join.
    // It also serves every look-up by organisation. Key columns rather than `include`, which
    // drizzle-kit cannot declare.
    index('users_organisation_people_idx').on(t.organisationId, t.id, t.statusId, t.createdAt, t.dob),
    // People lists by name (list reports' order): a page of them is read off the index in order.
    index('users_organisation_name_idx').on(t.organisationId, t.lastName, t.firstName, t.id),
    uniqueIndex('users_sso_subject_unique').on(t.organisationId, t.ssoSubject),
  ],
);

export const userEmailAddresses = pgTable(
  'user_email_addresses',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    primary: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // One address belongs to one user within an organisation; the same person may exist in several.
    uniqueIndex('user_email_addresses_org_email_unique').on(t.organisationId, sql`lower(${t.email})`),
    // With the organisation: a per-person look-up (missing-data report) reads this one index
    // instead of intersecting it with the organisation's whole range of the unique index above.
    index('user_email_addresses_user_idx').on(t.userId, t.organisationId),
  ],
);

export const userPhoneNumbers = pgTable(
  'user_phone_numbers',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164 number. */
    phoneNumber: text().notNull(),
    /** Two-letter region the number was entered for. */
    countryCode: text().notNull().default('GB'),
    primary: boolean().notNull().default(false),
    defaultSms: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index('user_phone_numbers_user_idx').on(t.userId)],
);

/** Current and historical postal addresses; `historical` rows form the address history. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text(),
    street: text().notNull(),
    streetSecond: text(),
    streetThird: text(),
    city: text().notNull(),
    county: text(),
    postcode: text().notNull(),
    country: text().notNull().default('United Kingdom'),
    fromDate: date({ mode: 'string' }),
    toDate: date({ mode: 'string' }),
    historical: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index('user_addresses_user_idx').on(t.userId)],
);

export const teams = pgTable(
  'teams',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    parentId: integer(),
    ...timestamps,
  },
  (t) => [index('teams_organisation_idx').on(t.organisationId)],
);

export const roleProfiles = pgTable(
  'role_profiles',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    displayName: text().notNull(),
    disclaimer: text(),
    /** Holding this role forces two-factor on (applicant-flow §2.12). */
    enforceTwoFactor: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index('role_profiles_organisation_idx').on(t.organisationId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    roleProfileId: integer()
      .notNull()
      .references(() => roleProfiles.id, { onDelete: 'cascade' }),
    endDate: date({ mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    // With team and role profile: "did this person hold a matching role" (the reports' team and
    // role filters) is answered from this one index, not by intersecting it with the team index.
    index('user_roles_user_idx').on(t.userId, t.teamId, t.roleProfileId),
    index('user_roles_team_profile_idx').on(t.teamId, t.roleProfileId),
  ],
);

/** Permission names (global vocabulary), e.g. `view-users`. */
export const permissions = pgTable('permissions', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  category: text().notNull().default('General'),
});

export const rolePermissionGrants = pgTable(
  'role_profile_permissions',
  {
    roleProfileId: integer()
      .notNull()
      .references(() => roleProfiles.id, { onDelete: 'cascade' }),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleProfileId, t.permissionId] })],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

/** Permissions taken away from one user even when a role grants them. */
export const userDeniedPermissions = pgTable(
  'user_denied_permissions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

/** A parent or guardian of a user (a minor); the guardian may or may not be a user. */
export const userGuardians = pgTable(
  'user_guardians',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guardianUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    ...timestamps,
  },
  (t) => [index('user_guardians_user_idx').on(t.userId)],
);

/** A supervisor who may act for a user (applying on their behalf). */
export const userSupervisors = pgTable(
  'user_supervisors',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    supervisorUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.supervisorUserId] })],
);
