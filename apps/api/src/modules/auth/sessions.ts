import { randomUUID } from 'node:crypto';
import { authMessages, type SessionClaims, type SessionUser } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { USER_STATUS } from '../../db/seed/reference-data.js';
import type { OrganisationRow } from '../organisation/repository.js';
import { HttpError } from '../../plugins/errors.js';
import { findOrganisationById } from '../organisation/repository.js';
import { AUTH_LIMITS, type AuthDeps, type RequestMeta } from './deps.js';
import type { SecurityEvent } from './security-log.js';
import {
  findTokenWithSession,
  findUserById,
  hasRoleEnforcingTwoFactor,
  insertSessionWithToken,
  insertToken,
  loadPermissionNames,
  revokeSession,
  revokeTokenIfActive,
  touchSession,
  type AuthSessionRow,
  type AuthTokenInsert,
  type UserRow,
} from './repository.js';

/** What a verified session token tells the rest of the server (matches plugins/auth `Session`). */
export type VerifiedSession = {
  userId: number;
  organisationId: number;
  /** What the user holds now, read from the database (not the token's claim, which may be stale). */
  permissions: string[];
  tokenId: string;
  sessionId: string;
  /** A role requires two-factor and the user has not set it up: only the set-up calls are answered. */
  twoFactorEnrolmentRequired: boolean;
};

/** The name shown for a user: the preferred first name when given. */
export function displayNameOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'preferredName'>): string {
  return `${user.preferredName?.trim() || user.firstName} ${user.lastName}`.trim();
}

/** The `user` claim of a session token, with the permission names the user holds now. */
function sessionUserOf(organisation: OrganisationRow, user: UserRow, permissions: string[]): SessionUser {
  return {
    id: user.id,
    display_name: displayNameOf(user),
    organisation: {
      id: organisation.id,
      name: organisation.name,
      currency_symbol: organisation.currencySymbol,
      minor_age: organisation.minorAge,
      features: organisation.features ?? null,
      package_features: organisation.packageFeatures ?? null,
      tech_features: organisation.techFeatures,
    },
    permissions,
  };
}

/**
 * The permission names `user` holds now: through the answer cache when the token is signed outside
 * a transaction (so the requests that follow a sign-in find them kept), else read by `db`, which
 * sees what the transaction has written.
 */
async function permissionsNow(
  deps: AuthDeps,
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<string[]> {
  return db === deps.db && deps.permissionsOf
    ? deps.permissionsOf(organisationId, userId)
    : loadPermissionNames(db, organisationId, userId);
}

/**
 * True when one of the user's roles requires two-factor and they have not switched it on: their
 * sign-in is held to setting it up. Worked out whenever a token is signed, so renewing the token
 * after set-up ends the hold. `roleEnforcesTwoFactor`, when the caller has just read it, is used
 * instead of reading the roles again.
 */
export async function mustEnrolInTwoFactor(
  db: Executor,
  user: UserRow,
  roleEnforcesTwoFactor?: boolean,
): Promise<boolean> {
  return (
    !user.twoFactorEnabled &&
    (roleEnforcesTwoFactor ?? (await hasRoleEnforcingTwoFactor(db, user.organisationId, user.id)))
  );
}

/** Statuses whose holders may not sign in or renew a session: inactive, left and blocked. */
const NOT_ACTIVE_STATUS_IDS: ReadonlySet<number> = new Set([
  USER_STATUS.inactive,
  USER_STATUS.left,
  USER_STATUS.blocked,
]);

/** True when the user's status lets them sign in. */
export function maySignIn(user: Pick<UserRow, 'statusId'>): boolean {
  return !NOT_ACTIVE_STATUS_IDS.has(user.statusId);
}

/**
 * Refuses a user who may not sign in, with one message for every way in. Every session token is
 * signed through here (password, code, login and magic links, single sign-on, mobile, refresh).
 */
export function assertMaySignIn(user: Pick<UserRow, 'statusId'>): void {
  if (!maySignIn(user)) {
    throw new HttpError(403, authMessages.accountNotActive);
  }
}

/**
 * Signs a session token: its claims (permissions read fresh) and the `auth_tokens` row that makes
 * it revocable, for the caller to store. `roleEnforcesTwoFactor`, when the caller has just read
 * it, saves reading the user's roles again.
 */
async function issueAccessToken(
  deps: AuthDeps,
  db: Executor,
  input: {
    session: AuthSessionRow;
    organisation: OrganisationRow;
    user: UserRow;
    jti: string;
    now: Date;
    roleEnforcesTwoFactor?: boolean;
  },
): Promise<{ token: string; user: SessionUser; row: AuthTokenInsert }> {
  const { session, organisation, user, jti, now } = input;
  assertMaySignIn(user);
  const expiresAt = new Date(
    Math.min(now.getTime() + deps.config.accessTokenTtl * 1000, session.expiresAt.getTime()),
  );
  const sessionUser = sessionUserOf(
    organisation,
    user,
    await permissionsNow(deps, db, user.organisationId, user.id),
  );
  const claims: Omit<SessionClaims, 'kind' | 'sub' | 'jti' | 'iss' | 'aud' | 'iat' | 'exp'> = {
    user: sessionUser,
    environment: deps.config.env,
    amr: session.factors.split('+'),
    two_factor_enrolment_required: await mustEnrolInTwoFactor(db, user, input.roleEnforcesTwoFactor),
    sid: session.id,
  };
  const token = await deps.tokens.sign('session', {
    subject: String(user.id),
    jti,
    expiresAt,
    issuedAt: now,
    claims,
  });
  const row: AuthTokenInsert = {
    id: jti,
    sessionId: session.id,
    organisationId: organisation.id,
    userId: user.id,
    issuedAt: now,
    expiresAt,
  };
  return { token, user: sessionUser, row };
}

/**
 * Starts a sign-in for a user who has proven who they are with `factors` (e.g. `['pwd',
 * 'email']`): a session lasting at most SESSION_MAX_AGE and its first token, written in one
 * statement. Pass a transaction as `db` to make it part of a larger write, and
 * `roleEnforcesTwoFactor` when it was read with the user.
 */
export async function startSession(
  deps: AuthDeps,
  input: {
    organisation: OrganisationRow;
    user: UserRow;
    factors: string[];
    db?: Executor;
    roleEnforcesTwoFactor?: boolean;
    /** The sign-in's security log event, written in the session's own statement. */
    logged?: SecurityEvent;
  },
): Promise<{ token: string; sessionId: string; user: SessionUser }> {
  const { organisation, user, factors } = input;
  const db = input.db ?? deps.db;
  const now = new Date();
  const session: AuthSessionRow = {
    id: randomUUID(),
    organisationId: organisation.id,
    userId: user.id,
    factors: factors.join('+'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.config.sessionMaxAge * 1000),
    lastSeenAt: now,
    revokedAt: null,
    revokedReason: null,
  };
  const issued = await issueAccessToken(deps, db, {
    session,
    organisation,
    user,
    jti: randomUUID(),
    now,
    roleEnforcesTwoFactor: input.roleEnforcesTwoFactor,
  });
  const { logged } = input;
  await insertSessionWithToken(db, session, issued.row, logged ? deps.securityLog.rowOf(logged) : undefined);
  if (logged) {
    deps.securityLog.announce(logged);
  }
  return { token: issued.token, user: issued.user, sessionId: session.id };
}

/** Organisation id a session-kind token claims, or null when the claim is malformed. */
function organisationIdOf(payload: Record<string, unknown>): number | null {
  const user = payload.user as { organisation?: { id?: unknown } } | undefined;
  const id = user?.organisation?.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/**
 * The session behind a bearer token, or null: the signature, issuer, audience, kind and expiry
 * must hold, and neither the token nor its sign-in may be revoked or past SESSION_MAX_AGE.
 */
export async function verifySessionToken(deps: AuthDeps, token: string): Promise<VerifiedSession | null> {
  const payload = await deps.tokens.verify('session', token);
  const organisationId = payload ? organisationIdOf(payload) : null;
  if (!payload || organisationId === null) {
    return null;
  }
  const found = await (deps.sessionOf
    ? deps.sessionOf(organisationId, payload.jti)
    : findTokenWithSession(deps.db, organisationId, payload.jti));
  const now = Date.now();
  if (
    !found ||
    found.token.revokedAt ||
    found.session.revokedAt ||
    found.session.expiresAt.getTime() <= now ||
    isIdle(deps, found.session, now) ||
    String(found.token.userId) !== payload.sub
  ) {
    return null;
  }
  // Permissions are what the user holds now rather than the token's claim, so a grant or a denial
  // takes effect on the next request (§6); the claim is only for the client's display. They are
  // read from the database, or from a cache that every write to their tables empties at once.
  // Use is recorded only once the recorded use is older than `sessionTouchInterval`: the session
  // row just read says so, and most requests then write nothing. Both overlap on the pool.
  const touchInterval = sessionTouchInterval(deps.config);
  const [, permissions] = await Promise.all([
    now - found.session.lastSeenAt.getTime() > touchInterval
      ? touchSession(deps.db, organisationId, found.session.id, new Date(now), touchInterval)
      : undefined,
    permissionsNow(deps, deps.db, organisationId, found.token.userId),
  ]);
  return {
    userId: found.token.userId,
    organisationId,
    permissions,
    tokenId: payload.jti,
    sessionId: found.session.id,
    twoFactorEnrolmentRequired: payload.two_factor_enrolment_required === true,
  };
}

/** The longest the recorded use of a sign-in may lag its real last use (milliseconds). */
const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * How stale `last_seen_at` may be before a request records its use: a minute, or a tenth of
 * SESSION_IDLE_TIMEOUT when that is shorter. The idle limit is read from `last_seen_at`, so a sign-in
 * in use is at most this much nearer its limit than it really is (a minute of the default 30).
 */
export function sessionTouchInterval(config: Pick<AuthDeps['config'], 'sessionIdleTimeout'>): number {
  return Math.min(SESSION_TOUCH_INTERVAL_MS, (config.sessionIdleTimeout * 1000) / 10);
}

const SESSION_EXPIRED = 'Your session has expired, please sign in again.';

/** True when the sign-in has not been used for SESSION_IDLE_TIMEOUT: it may not be used or renewed. */
function isIdle(deps: AuthDeps, session: AuthSessionRow, now: number): boolean {
  return now - session.lastSeenAt.getTime() > deps.config.sessionIdleTimeout * 1000;
}

/**
 * Renews a session token (even an expired one, while its sign-in lasts): the old token is
 * revoked and a new one answered. Of two renewals of one token racing, exactly one wins — the
 * conditional update in `revokeTokenIfActive` — and the other gets 409 `retry: true`. A token
 * renewed longer ago than the race window is a replay: 401, and the whole sign-in is ended.
 */
export async function refreshSession(
  deps: AuthDeps,
  input: { token: string; requestOrganisationId: number; meta: RequestMeta },
): Promise<{ token: string }> {
  const { meta } = input;
  const payload = await deps.tokens.verify('session', input.token, {
    expiredGraceSeconds: deps.config.sessionMaxAge,
  });
  const organisationId = payload ? organisationIdOf(payload) : null;
  if (!payload || organisationId === null) {
    await deps.securityLog.record({
      event: 'token_refreshed',
      outcome: 'failure',
      organisationId: input.requestOrganisationId,
      details: { reason: 'invalid_token' },
      meta,
    });
    throw new HttpError(401, SESSION_EXPIRED);
  }
  if (organisationId !== input.requestOrganisationId) {
    await deps.securityLog.record({
      event: 'token_refreshed',
      outcome: 'failure',
      organisationId: input.requestOrganisationId,
      details: { reason: 'other_organisation' },
      meta,
    });
    throw new HttpError(403, 'This session belongs to another organisation.');
  }
  const organisation = await findOrganisationById(deps.db, organisationId);
  const userId = Number(payload.sub);
  const newJti = randomUUID();
  type Outcome =
    | { ok: true; token: string }
    | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'race' | 'replay'; sessionId?: string };
  const outcome = await deps.db
    .transaction(async (tx): Promise<Outcome> => {
      const now = new Date();
      const revoked = await revokeTokenIfActive(tx, organisationId, payload.jti, newJti, now);
      if (!revoked) {
        const existing = await findTokenWithSession(tx, organisationId, payload.jti);
        if (!existing) {
          return { ok: false, reason: 'unknown' };
        }
        const { token: row, session } = existing;
        if (session.revokedAt || !row.replacedBy || !row.revokedAt) {
          return { ok: false, reason: 'revoked' };
        }
        const since = (now.getTime() - row.revokedAt.getTime()) / 1000;
        return since <= AUTH_LIMITS.refreshRaceGraceSeconds
          ? { ok: false, reason: 'race' }
          : { ok: false, reason: 'replay', sessionId: session.id };
      }
      const existing = await findTokenWithSession(tx, organisationId, payload.jti);
      const user = organisation ? await findUserById(tx, organisationId, userId) : null;
      if (
        !existing ||
        existing.session.revokedAt ||
        existing.session.expiresAt <= now ||
        isIdle(deps, existing.session, now.getTime()) ||
        !organisation ||
        !user
      ) {
        // Nothing may be written for a dead sign-in: throwing rolls the revocation back.
        throw new DeadSession();
      }
      const issued = await issueAccessToken(deps, tx, {
        session: existing.session,
        organisation,
        user,
        jti: newJti,
        now,
      });
      await insertToken(tx, issued.row);
      await touchSession(tx, organisationId, existing.session.id, now, sessionTouchInterval(deps.config));
      return { ok: true, token: issued.token };
    })
    .catch((error: unknown) => {
      if (error instanceof DeadSession) {
        return { ok: false, reason: 'expired' } as const;
      }
      throw error;
    });

  if (outcome.ok) {
    await deps.securityLog.record({
      event: 'token_refreshed',
      outcome: 'success',
      organisationId,
      userId,
      meta,
    });
    return { token: outcome.token };
  }
  if (outcome.reason === 'race') {
    throw new HttpError(
      409,
      'This session was renewed a moment ago; please retry with the newest token.',
      undefined,
      undefined,
      {
        retry: true,
      },
    );
  }
  if (outcome.reason === 'replay' && outcome.sessionId) {
    // A renewed token presented again long after: someone else may hold a copy. End the sign-in.
    await revokeSession(deps.db, organisationId, outcome.sessionId, 'token_replayed', new Date());
    await deps.securityLog.record({
      event: 'token_replayed',
      outcome: 'failure',
      organisationId,
      userId,
      meta,
    });
  } else {
    await deps.securityLog.record({
      event: 'token_refreshed',
      outcome: 'failure',
      organisationId,
      userId,
      details: { reason: outcome.reason },
      meta,
    });
  }
  throw new HttpError(401, SESSION_EXPIRED);
}

class DeadSession extends Error {}

/** Ends the sign-in a session token belongs to (logout); false when the token was not valid. */
export async function endSession(deps: AuthDeps, token: string, meta: RequestMeta): Promise<boolean> {
  // An expired token still identifies the sign-in to end.
  const payload = await deps.tokens.verify('session', token, {
    expiredGraceSeconds: deps.config.sessionMaxAge,
  });
  const organisationId = payload ? organisationIdOf(payload) : null;
  if (!payload || organisationId === null) {
    return false;
  }
  const found = await findTokenWithSession(deps.db, organisationId, payload.jti);
  if (!found) {
    return false;
  }
  await deps.db.transaction((tx) =>
    revokeSession(tx, organisationId, found.session.id, 'logout', new Date()),
  );
  await deps.securityLog.record({
    event: 'logout',
    outcome: 'success',
    organisationId,
    userId: found.token.userId,
    meta,
  });
  return true;
}
