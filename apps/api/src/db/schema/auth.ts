import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisationId } from './columns.js';
import { organisations } from './organisations.js';
import { twoFactorMethods, users } from './users.js';

const userId = () =>
  integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const at = () => timestamp({ withTimezone: true });

/**
 * One sign-in (the refresh family): every session token renewed from it shares its id (`sid`).
 * Ends at `expiresAt` (SESSION_MAX_AGE after sign-in) or when revoked (logout, password change,
 * a replayed token).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey(),
    organisationId: organisationId(),
    userId: userId(),
    /** How the user proved who they are, e.g. `password+email`, `sso`, `login_link`. */
    factors: text().notNull(),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    /** Last time a token of this sign-in was used or renewed (kept to the minute): the idle limit. */
    lastSeenAt: at().notNull().defaultNow(),
    revokedAt: at(),
    revokedReason: text(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/**
 * Every session token issued (`jti`). Refreshing revokes the old row with a conditional update
 * (`revoked_at is null`), so of two racing refreshes exactly one wins; `replacedBy` tells the
 * loser apart from a replay.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    organisationId: organisationId(),
    userId: userId(),
    issuedAt: createdAt(),
    expiresAt: at().notNull(),
    revokedAt: at(),
    replacedBy: uuid(),
  },
  (t) => [index('auth_tokens_session_idx').on(t.sessionId)],
);

export const challengePurposes = ['sign_in', 'mobile', 'settings', 'contact_change'] as const;
export type ChallengePurpose = (typeof challengePurposes)[number];

/**
 * A pending second factor (or a mobile sign-in code, a two-factor or contact change): the keyed
 * hash of the code sent, the wrong tries so far (dead at 5), when it expires and when it was used.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid().primaryKey(),
    organisationId: organisationId(),
    userId: userId(),
    purpose: text({ enum: challengePurposes }).notNull(),
    method: text({ enum: twoFactorMethods }).notNull(),
    /** HMAC of the emailed or texted code; null for the authenticator app and magic links. */
    codeHash: text(),
    attempts: integer().notNull().default(0),
    /** Where the magic link sends the browser once followed (a path on our origin). */
    intended: text(),
    /** Two-factor set-up (`settings`) by authenticator app: the new secret, kept until confirmed. */
    pendingSecret: text(),
    /**
     * Email or phone change (`contact_change`, method `email` or `sms`): the new address or E.164
     * number the code was sent to, kept until confirmed.
     */
    pendingContact: jsonb().$type<{ kind: 'email' | 'phone'; value: string; region: string | null }>(),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    consumedAt: at(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);

/** Authenticator-app time steps already accepted: a TOTP code works once (RFC 6238 §5.2). */
export const usedTotpSteps = pgTable(
  'used_totp_steps',
  {
    organisationId: organisationId(),
    userId: userId(),
    timeStep: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.timeStep] })],
);

/**
 * "Trust this computer": a device token's record. Void once revoked, expired, or older than the
 * user's `credentialsChangedAt` (password or two-factor settings changed since).
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid().primaryKey(),
    organisationId: organisationId(),
    userId: userId(),
    userAgent: text(),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    revokedAt: at(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId)],
);

/**
 * Recovery codes of a two-factor user: ten issued when set-up is confirmed (or regenerated), each
 * usable once instead of the code when the device is lost. Only a keyed hash is kept.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid().primaryKey(),
    organisationId: organisationId(),
    userId: userId(),
    /** HMAC of the normalised code, bound to the row id. */
    codeHash: text().notNull(),
    createdAt: createdAt(),
    usedAt: at(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export const singleUseTokenKinds = ['magic_link', 'login_link', 'password_reset'] as const;
export type SingleUseTokenKind = (typeof singleUseTokenKinds)[number];

/** Links that work once (magic sign-in, login link, password reset): consumed atomically. */
export const singleUseTokens = pgTable(
  'single_use_tokens',
  {
    id: uuid().primaryKey(),
    organisationId: organisationId(),
    userId: userId(),
    kind: text({ enum: singleUseTokenKinds }).notNull(),
    /** The sign-in a magic link completes. */
    challengeId: uuid().references(() => twoFactorChallenges.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    consumedAt: at(),
  },
  (t) => [index('single_use_tokens_user_idx').on(t.userId, t.kind)],
);

/**
 * A single sign-on attempt between the redirect to the provider and its callback: the PKCE
 * verifier and nonce stay on the server; `bindingHash` ties the callback to the browser that
 * started it (a cookie), so nobody can finish someone else's attempt.
 */
export const ssoStates = pgTable('sso_states', {
  /** SHA-256 of the `state` parameter. */
  id: text().primaryKey(),
  organisationId: organisationId(),
  codeVerifier: text().notNull(),
  nonce: text().notNull(),
  bindingHash: text().notNull(),
  redirect: text().notNull(),
  createdAt: createdAt(),
  expiresAt: at().notNull(),
  consumedAt: at(),
});

/**
 * The security log: sign-in results (with the factor used), authorisation failures, replayed
 * codes and tokens. Never holds a password, a code or a raw token.
 */
export const securityLog = pgTable(
  'security_log',
  {
    id: serial().primaryKey(),
    /** Null when the event belongs to no known organisation (e.g. a forged token). */
    organisationId: integer().references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    event: text().notNull(),
    outcome: text({ enum: ['success', 'failure'] }).notNull(),
    factor: text(),
    ip: text(),
    userAgent: text(),
    details: jsonb().$type<Record<string, string | number | boolean | null>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_log_organisation_idx').on(t.organisationId, t.createdAt),
    // A person's sign-ins in time order: the logins report's first sign-in of each person.
    index('security_log_user_idx').on(t.userId, t.createdAt),
    // The organisation's successful sign-ins by person in time order, small enough to read
    // without the table: the logins report reads them once in this order (docs/performance.md).
    index('security_log_sign_ins_idx')
      .on(t.organisationId, t.userId, t.createdAt)
      .where(sql`${t.event} = 'sign_in' and ${t.outcome} = 'success' and ${t.userId} is not null`),
  ],
);
