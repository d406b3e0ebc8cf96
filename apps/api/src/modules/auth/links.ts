import { randomUUID } from 'node:crypto';
import type { Writer } from '../../db/write-batch.js';
import type { PasswordResetBody } from '@muster/contract';
import type { OrganisationRow } from '../organisation/repository.js';
import { findOrganisationById } from '../organisation/repository.js';
import { HttpError } from '../../plugins/errors.js';
import { AUTH_LIMITS, type AuthDeps, type RequestMeta } from './deps.js';
import { hashPassword } from './passwords.js';
import {
  consumeChallenge,
  consumeSingleUseToken,
  findChallenge,
  findUserByEmail,
  findUserById,
  insertSingleUseToken,
  revokeUserSessions,
  updatePasswordHash,
  voidSingleUseTokens,
} from './repository.js';
import { safeReturnPath, withTokenFragment } from './return-path.js';
import { startSession } from './sessions.js';

const LINK_USED = 'This link has expired or has already been used.';

/**
 * A single-use login link for a user (5 minutes): `${PUBLIC_ORIGIN}/api/login/token/{token}`.
 * Following it signs the browser in WITHOUT a password or second factor, so create one only for
 * a user who has just proven who they are in the same request (e.g. the application submit of
 * issue 5, right after creating or authenticating the account). Append `?redirect=/path`.
 * The link's row is written through `writer` (a submit's transaction or write batch).
 */
export async function createLoginLink(
  deps: AuthDeps,
  input: { organisationId: number; userId: number },
  writer: Writer = deps.db,
): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + AUTH_LIMITS.loginLinkTtlSeconds * 1000);
  await insertSingleUseToken(writer, {
    id,
    organisationId: input.organisationId,
    userId: input.userId,
    kind: 'login_link',
    createdAt: now,
    expiresAt,
  });
  const token = await deps.tokens.sign('login_link', {
    subject: String(input.userId),
    jti: id,
    expiresAt,
    issuedAt: now,
    claims: { org: input.organisationId },
  });
  return `${deps.config.publicOrigin}/api/login/token/${token}`;
}

/**
 * Follows a login link once: answers where to send the browser, the session token in the
 * fragment (`/portal#token=…`), never the query.
 */
export async function followLoginLink(
  deps: AuthDeps,
  input: { organisation: OrganisationRow; token: string; redirect: string | undefined; meta: RequestMeta },
): Promise<{ location: string }> {
  const { organisation, meta } = input;
  const payload = await deps.tokens.verify('login_link', input.token);
  const userId = payload ? Number(payload.sub) : null;
  const failure = async (reason: string, status = 401) => {
    await deps.securityLog.record({
      event: 'login_link',
      outcome: 'failure',
      organisationId: organisation.id,
      userId,
      factor: 'login_link',
      details: { reason },
      meta,
    });
    throw new HttpError(status, status === 403 ? 'This link belongs to another organisation.' : LINK_USED);
  };
  if (!payload || userId === null) {
    return failure('invalid_token');
  }
  if (payload.org !== organisation.id) {
    return failure('other_organisation', 403);
  }
  const result = await deps.db.transaction(async (tx) => {
    const link = await consumeSingleUseToken(tx, organisation.id, payload.jti, 'login_link', new Date());
    const user = link ? await findUserById(tx, organisation.id, link.userId) : null;
    if (!link || !user || String(user.id) !== payload.sub) {
      return null;
    }
    return startSession(deps, { organisation, user, factors: ['login_link'], db: tx });
  });
  if (!result) {
    return failure('link_used');
  }
  await deps.securityLog.record({
    event: 'sign_in',
    outcome: 'success',
    organisationId: organisation.id,
    userId,
    factor: 'login_link',
    meta,
  });
  const path = safeReturnPath(input.redirect ?? '/portal', deps.config.publicOrigin, '/portal');
  return { location: withTokenFragment(path, result.token) };
}

/**
 * Follows a magic sign-in link (the `magic_link` second factor) once: completes the pending
 * sign-in it was sent for and answers where to send the browser, token in the fragment.
 */
export async function followMagicLink(
  deps: AuthDeps,
  input: { token: string; meta: RequestMeta },
): Promise<{ location: string }> {
  const { meta } = input;
  const payload = await deps.tokens.verify('magic_link', input.token);
  const organisationId = payload && typeof payload.org === 'number' ? payload.org : null;
  const organisation = organisationId === null ? null : await findOrganisationById(deps.db, organisationId);
  const userId = payload ? Number(payload.sub) : null;
  if (!payload || !organisation) {
    await deps.securityLog.record({
      event: 'magic_link',
      outcome: 'failure',
      details: { reason: 'invalid_token' },
      meta,
    });
    throw new HttpError(401, LINK_USED);
  }
  const result = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const link = await consumeSingleUseToken(tx, organisation.id, payload.jti, 'magic_link', now);
    const challenge = link?.challengeId ? await findChallenge(tx, organisation.id, link.challengeId) : null;
    const user = link ? await findUserById(tx, organisation.id, link.userId) : null;
    if (!link || !challenge || !user || !(await consumeChallenge(tx, organisation.id, challenge.id, now))) {
      return null;
    }
    const session = await startSession(deps, { organisation, user, factors: ['pwd', 'magic_link'], db: tx });
    return { session, intended: challenge.intended };
  });
  if (!result) {
    await deps.securityLog.record({
      event: 'code_replayed',
      outcome: 'failure',
      organisationId: organisation.id,
      userId,
      factor: 'magic_link',
      meta,
    });
    throw new HttpError(401, LINK_USED);
  }
  await deps.securityLog.record({
    event: 'sign_in',
    outcome: 'success',
    organisationId: organisation.id,
    userId,
    factor: 'password+magic_link',
    meta,
  });
  const path = safeReturnPath(result.intended, deps.config.publicOrigin, '/portal');
  return { location: withTokenFragment(path, result.session.token) };
}

/** The one answer of a reset request, whether or not the address has an account. */
export const RESET_REQUESTED =
  'If that email address has an account, we have sent it a link to reset the password. The link works once, for 60 minutes.';

/**
 * Emails a single-use reset link (60 minutes) to an account's address. The link is built from
 * PUBLIC_ORIGIN, never from the request's Host: `${PUBLIC_ORIGIN}/password/reset/{token}`,
 * with `?intended=/path` when given. Sends nothing for unknown addresses and single sign-on
 * users; the caller answers the same either way. Older unused reset links of the user are voided.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: { organisation: OrganisationRow; email: string; intended: string | undefined; meta: RequestMeta },
): Promise<void> {
  const { organisation, email, meta } = input;
  const user = await findUserByEmail(deps.db, organisation.id, email);
  if (!user || user.ssoSubject) {
    await deps.securityLog.record({
      event: 'password_reset_requested',
      outcome: 'failure',
      organisationId: organisation.id,
      userId: user?.id ?? null,
      details: { reason: user ? 'single_sign_on_user' : 'unknown_email' },
      meta,
    });
    return;
  }
  const id = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + AUTH_LIMITS.passwordResetTtlSeconds * 1000);
  await deps.db.transaction(async (tx) => {
    await voidSingleUseTokens(tx, organisation.id, user.id, 'password_reset', now);
    await insertSingleUseToken(tx, {
      id,
      organisationId: organisation.id,
      userId: user.id,
      kind: 'password_reset',
      createdAt: now,
      expiresAt,
    });
  });
  const token = await deps.tokens.sign('password_reset', {
    subject: String(user.id),
    jti: id,
    expiresAt,
    issuedAt: now,
    claims: { org: organisation.id },
  });
  const intended = input.intended ? safeReturnPath(input.intended, deps.config.publicOrigin, '') : '';
  const link =
    `${deps.config.publicOrigin}/password/reset/${token}` +
    (intended ? `?intended=${encodeURIComponent(intended)}` : '');
  await deps.messenger().sendEmail({
    organisationId: organisation.id,
    to: email,
    subject: `Reset your ${organisation.name} password`,
    text:
      `Someone asked to reset the password of your ${organisation.name} account.\n\n` +
      `Open this link to choose a new password (it works once, for 60 minutes):\n\n${link}\n\n` +
      `If it was not you, ignore this email: your password stays as it is.`,
  });
  await deps.securityLog.record({
    event: 'password_reset_requested',
    outcome: 'success',
    organisationId: organisation.id,
    userId: user.id,
    meta,
  });
}

/**
 * Sets a new password from a reset link. It does not sign the user in (the second factor still
 * applies at the next sign-in); it ends the user's sessions and voids their trusted devices.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { organisation: OrganisationRow; body: PasswordResetBody; meta: RequestMeta },
): Promise<void> {
  const { organisation, body, meta } = input;
  const payload = await deps.tokens.verify('password_reset', body.token);
  const userId = payload ? Number(payload.sub) : null;
  const failure = async (reason: string) => {
    await deps.securityLog.record({
      event: 'password_reset',
      outcome: 'failure',
      organisationId: organisation.id,
      userId,
      details: { reason },
      meta,
    });
    throw new HttpError(401, LINK_USED);
  };
  if (!payload || userId === null || payload.org !== organisation.id) {
    return failure('invalid_token');
  }
  // Hashing is slow: do it before taking the link, so the transaction stays short.
  const passwordHash = await hashPassword(body.password);
  const done = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const link = await consumeSingleUseToken(tx, organisation.id, payload.jti, 'password_reset', now);
    const user = link ? await findUserById(tx, organisation.id, link.userId) : null;
    if (!link || !user) {
      return 'link_used';
    }
    if (user.ssoSubject) {
      return 'single_sign_on_user';
    }
    await updatePasswordHash(tx, organisation.id, user.id, passwordHash, now);
    await revokeUserSessions(tx, organisation.id, user.id, 'password_reset', now);
    return 'done';
  });
  if (done === 'single_sign_on_user') {
    await deps.securityLog.record({
      event: 'password_reset',
      outcome: 'failure',
      organisationId: organisation.id,
      userId,
      details: { reason: done },
      meta,
    });
    throw new HttpError(403, 'Your account signs in through single sign-on, so it has no password to reset.');
  }
  if (done === 'link_used') {
    return failure(done);
  }
  await deps.securityLog.record({
    event: 'password_reset',
    outcome: 'success',
    organisationId: organisation.id,
    userId,
    meta,
  });
}
