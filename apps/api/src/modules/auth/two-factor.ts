import { randomUUID } from 'node:crypto';
import { verify as verifyTotp } from 'otplib';
import { authMessages, type TwoFactorMethodName } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import type { OrganisationRow } from '../organisation/repository.js';
import { HttpError } from '../../plugins/errors.js';
import { OutboxDeliveryError } from '../outbox/service.js';
import { codeMatches, hashCode, randomSixDigitCode } from './codes.js';
import { AUTH_LIMITS, type AuthDeps, type RequestMeta } from './deps.js';
import {
  closeOpenChallenges,
  consumeChallenge,
  findChallenge,
  findDefaultSmsNumber,
  findPrimaryEmail,
  findUserById,
  hasRoleEnforcingTwoFactor,
  insertChallenge,
  insertSingleUseToken,
  insertTrustedDevice,
  isTrustedDeviceValid,
  latestUsedTotpStep,
  recordUsedTotpStep,
  reserveChallengeAttempt,
  revokeUserTrustedDevices,
  useRecoveryCode,
  type ChallengeRow,
  type UserRow,
} from './repository.js';
import { findRecoveryCode } from './recovery-codes.js';
import { startSession } from './sessions.js';

/** Thrown inside the sign-in transaction when another request used the same recovery code first. */
class RecoveryCodeRaceLost extends Error {}

const SIGN_IN_AGAIN = 'This sign-in has expired or had too many wrong codes, please sign in again.';

/**
 * True when the user must pass a second factor: they enabled it, or one of their roles enforces it
 * (`roleEnforcesTwoFactor` when the caller read that with the user; otherwise read here).
 */
export async function requiresSecondFactor(
  deps: AuthDeps,
  user: UserRow,
  roleEnforcesTwoFactor?: boolean,
): Promise<boolean> {
  return (
    user.twoFactorEnabled ||
    (roleEnforcesTwoFactor ?? (await hasRoleEnforcingTwoFactor(deps.db, user.organisationId, user.id)))
  );
}

/**
 * The method a sign-in challenge uses: the user's own, except that a role-enforced user who has
 * chosen none, or an authenticator user without a secret, gets emailed codes.
 */
function methodFor(user: UserRow): TwoFactorMethodName {
  const method = user.twoFactorEnabled ? user.twoFactorMethod : null;
  if (!method || (method === 'auth_app' && !user.twoFactorSecret)) {
    return 'email';
  }
  return method;
}

/**
 * A 6-digit code by email or SMS; the SMS falls back to email when the user has no SMS number,
 * when the gateway refuses it, or in production without a gateway.
 */
async function sendCode(
  deps: AuthDeps,
  input: {
    organisation: OrganisationRow;
    user: UserRow;
    challengeId: string;
    method: 'email' | 'sms';
    code: string;
  },
): Promise<'email' | 'sms'> {
  const { organisation, user, code } = input;
  const minutes = AUTH_LIMITS.codeTtlSeconds / 60;
  // Production without an SMS gateway offers no texts: they would only sit in the outbox.
  const smsOffered = deps.config.twilio !== null || deps.config.env !== 'production';
  if (input.method === 'sms' && smsOffered) {
    const number = await findDefaultSmsNumber(deps.db, organisation.id, user.id);
    if (number) {
      try {
        await deps.messenger().sendSms({
          organisationId: organisation.id,
          to: number,
          text: `${code} is your ${organisation.name} sign-in code. It expires in ${minutes} minutes.`,
        });
        return 'sms';
      } catch (error) {
        // The failure is recorded on the outbox message; the code goes by email instead.
        if (!(error instanceof OutboxDeliveryError)) {
          throw error;
        }
      }
    }
  }
  const email = await findPrimaryEmail(deps.db, organisation.id, user.id);
  if (!email) {
    throw new HttpError(
      409,
      'Your account has no email address to send a code to; please contact the organisation.',
    );
  }
  await deps.messenger().sendEmail({
    organisationId: organisation.id,
    to: email,
    subject: `Your ${organisation.name} sign-in code`,
    text:
      `Your sign-in code is ${code}.\n\nIt expires in ${minutes} minutes and works once. ` +
      `If you did not try to sign in, change your password.`,
  });
  return 'email';
}

/**
 * Opens a second-factor challenge after a correct password: sends the code (email, SMS) or the
 * magic link, and answers the interim token that only POST /api/auth/api/token accepts. The
 * user's earlier open challenges close: only the newest code works.
 */
export async function startSecondFactor(
  deps: AuthDeps,
  input: { organisation: OrganisationRow; user: UserRow; intended: string | null; meta: RequestMeta },
): Promise<{ token: string; method: TwoFactorMethodName }> {
  const { organisation, user, intended, meta } = input;
  const challengeId = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + AUTH_LIMITS.codeTtlSeconds * 1000);
  let method = methodFor(user);
  const code = method === 'email' || method === 'sms' ? randomSixDigitCode() : null;
  const link = await deps.db.transaction(async (tx): Promise<string | null> => {
    await closeOpenChallenges(tx, organisation.id, user.id, 'sign_in', now);
    await insertChallenge(tx, {
      id: challengeId,
      organisationId: organisation.id,
      userId: user.id,
      purpose: 'sign_in',
      method,
      codeHash: code ? hashCode(deps.codeKey, challengeId, code) : null,
      intended,
      createdAt: now,
      expiresAt,
    });
    if (method === 'magic_link') {
      const linkId = randomUUID();
      const linkExpires = new Date(now.getTime() + AUTH_LIMITS.magicLinkTtlSeconds * 1000);
      await insertSingleUseToken(tx, {
        id: linkId,
        organisationId: organisation.id,
        userId: user.id,
        kind: 'magic_link',
        challengeId,
        createdAt: now,
        expiresAt: linkExpires,
      });
      const linkToken = await deps.tokens.sign('magic_link', {
        subject: String(user.id),
        jti: linkId,
        expiresAt: linkExpires,
        issuedAt: now,
        claims: { org: organisation.id },
      });
      return `${deps.config.publicOrigin}/auth/magic/${linkToken}`;
    }
    return null;
  });

  if (code && (method === 'email' || method === 'sms')) {
    const sentBy = await sendCode(deps, { organisation, user, challengeId, method, code });
    method = sentBy;
  } else if (link) {
    const email = await findPrimaryEmail(deps.db, organisation.id, user.id);
    if (!email) {
      throw new HttpError(
        409,
        'Your account has no email address to send a link to; please contact the organisation.',
      );
    }
    await deps.messenger().sendEmail({
      organisationId: organisation.id,
      to: email,
      subject: `Finish signing in to ${organisation.name}`,
      text:
        `Open this link to finish signing in (it works once, for ${AUTH_LIMITS.magicLinkTtlSeconds / 60} minutes):\n\n` +
        `${link}\n\nIf you did not try to sign in, change your password.`,
    });
  }
  await deps.securityLog.record({
    event: 'two_factor_sent',
    outcome: 'success',
    organisationId: organisation.id,
    userId: user.id,
    factor: method,
    meta,
  });
  const token = await deps.tokens.sign('interim', {
    subject: String(user.id),
    jti: challengeId,
    expiresAt,
    issuedAt: now,
    claims: { org: organisation.id, method },
  });
  return { token, method };
}

/** Checks an authenticator code: RFC 6238, 30 s steps, one step of drift either way, each step once. */
async function checkTotp(deps: AuthDeps, user: UserRow, code: string): Promise<'ok' | 'wrong' | 'replayed'> {
  if (!user.twoFactorSecret) {
    return 'wrong';
  }
  const result = await verifyTotp({ secret: user.twoFactorSecret, token: code, epochTolerance: 30 }).catch(
    () => ({
      valid: false as const,
    }),
  );
  if (!result.valid || !('timeStep' in result)) {
    return 'wrong';
  }
  // A step at or before the newest accepted one is a code already used (or superseded).
  const latest = await latestUsedTotpStep(deps.db, user.organisationId, user.id);
  if (latest !== null && result.timeStep <= latest) {
    return 'replayed';
  }
  return (await recordUsedTotpStep(deps.db, user.organisationId, user.id, result.timeStep))
    ? 'ok'
    : 'replayed';
}

async function refuse(
  deps: AuthDeps,
  input: {
    challenge: ChallengeRow | null;
    organisationId: number;
    userId: number | null;
    reason: string;
    meta: RequestMeta;
  },
  message: string,
): Promise<never> {
  await deps.securityLog.record({
    event: 'two_factor',
    outcome: 'failure',
    organisationId: input.organisationId,
    userId: input.userId,
    factor: input.challenge?.method ?? null,
    details: { reason: input.reason },
    meta: input.meta,
  });
  throw new HttpError(401, message);
}

/**
 * Completes a pending sign-in with its code (`key`): email and SMS codes are compared with the
 * stored hash, authenticator codes with TOTP. Five wrong tries kill the challenge; a used code
 * or time step is refused and logged as replayed. With `trust`, a 30-day device token comes too.
 */
export async function completeSecondFactor(
  deps: AuthDeps,
  input: {
    organisation: OrganisationRow;
    interimToken: string;
    code: string;
    /** Instead of `code` when the device is lost: one of the user's recovery codes. */
    recoveryCode?: string;
    trust: boolean;
    meta: RequestMeta;
  },
): Promise<{ token: string; deviceToken?: string }> {
  const { organisation, code, meta } = input;
  const payload = await deps.tokens.verify('interim', input.interimToken);
  if (!payload) {
    return refuse(
      deps,
      { challenge: null, organisationId: organisation.id, userId: null, reason: 'invalid_token', meta },
      SIGN_IN_AGAIN,
    );
  }
  if (payload.org !== organisation.id) {
    await deps.securityLog.record({
      event: 'two_factor',
      outcome: 'failure',
      organisationId: organisation.id,
      details: { reason: 'other_organisation' },
      meta,
    });
    throw new HttpError(403, 'This sign-in belongs to another organisation.');
  }
  const userId = Number(payload.sub);
  const challenge = await findChallenge(deps.db, organisation.id, payload.jti);
  if (!challenge || challenge.userId !== userId || challenge.purpose !== 'sign_in') {
    return refuse(
      deps,
      { challenge, organisationId: organisation.id, userId, reason: 'unknown_challenge', meta },
      SIGN_IN_AGAIN,
    );
  }
  if (challenge.method === 'magic_link' && input.recoveryCode === undefined) {
    throw new HttpError(409, 'Follow the link we emailed you to finish signing in.');
  }
  const now = new Date();
  const reserved = await reserveChallengeAttempt(
    deps.db,
    organisation.id,
    challenge.id,
    AUTH_LIMITS.maxCodeAttempts,
    now,
  );
  if (!reserved) {
    if (challenge.consumedAt) {
      await deps.securityLog.record({
        event: 'code_replayed',
        outcome: 'failure',
        organisationId: organisation.id,
        userId,
        factor: challenge.method,
        meta,
      });
    }
    const reason = challenge.consumedAt
      ? 'challenge_used'
      : challenge.expiresAt <= now
        ? 'expired'
        : 'too_many_attempts';
    return refuse(deps, { challenge, organisationId: organisation.id, userId, reason, meta }, SIGN_IN_AGAIN);
  }
  const user = await findUserById(deps.db, organisation.id, userId);
  if (!user) {
    return refuse(
      deps,
      { challenge, organisationId: organisation.id, userId, reason: 'unknown_user', meta },
      SIGN_IN_AGAIN,
    );
  }

  let factor: string = challenge.method;
  let recoveryCodeId: string | null = null;
  if (input.recoveryCode !== undefined) {
    const row = await findRecoveryCode(deps.db, deps.codeKey, user, input.recoveryCode);
    if (!row) {
      return refuse(
        deps,
        { challenge, organisationId: organisation.id, userId, reason: 'recovery_code_wrong', meta },
        authMessages.invalidCode,
      );
    }
    recoveryCodeId = row.id;
    factor = 'recovery_code';
  } else if (challenge.method === 'auth_app') {
    const verdict = await checkTotp(deps, user, code);
    if (verdict === 'replayed') {
      await deps.securityLog.record({
        event: 'code_replayed',
        outcome: 'failure',
        organisationId: organisation.id,
        userId,
        factor: 'auth_app',
        meta,
      });
    }
    if (verdict !== 'ok') {
      return refuse(
        deps,
        { challenge, organisationId: organisation.id, userId, reason: `code_${verdict}`, meta },
        authMessages.invalidCode,
      );
    }
  } else if (!challenge.codeHash || !codeMatches(deps.codeKey, challenge.id, code, challenge.codeHash)) {
    return refuse(
      deps,
      { challenge, organisationId: organisation.id, userId, reason: 'code_wrong', meta },
      authMessages.invalidCode,
    );
  }

  const result = await deps.db
    .transaction(async (tx) => {
      // Two right answers racing: only one consumes the challenge and gets a session.
      if (!(await consumeChallenge(tx, organisation.id, challenge.id, new Date()))) {
        return null;
      }
      // A recovery code works once: losing that race undoes the challenge's consumption too.
      if (recoveryCodeId && !(await useRecoveryCode(tx, organisation.id, recoveryCodeId, new Date()))) {
        throw new RecoveryCodeRaceLost();
      }
      const session = await startSession(deps, {
        organisation,
        user,
        factors: ['pwd', factor],
        db: tx,
      });
      const deviceToken = input.trust
        ? await issueTrustedDevice(deps, tx, { user, userAgent: meta.userAgent })
        : undefined;
      return { token: session.token, ...(deviceToken ? { deviceToken } : {}) };
    })
    .catch((error: unknown) => {
      if (error instanceof RecoveryCodeRaceLost) {
        return null;
      }
      throw error;
    });
  if (!result) {
    await deps.securityLog.record({
      event: 'code_replayed',
      outcome: 'failure',
      organisationId: organisation.id,
      userId,
      factor: challenge.method,
      meta,
    });
    return refuse(
      deps,
      { challenge, organisationId: organisation.id, userId, reason: 'challenge_used', meta },
      SIGN_IN_AGAIN,
    );
  }
  await deps.securityLog.record({
    event: 'sign_in',
    outcome: 'success',
    organisationId: organisation.id,
    userId,
    factor: `password+${factor}`,
    details: { trusted_device_issued: input.trust },
    meta,
  });
  return result;
}

/**
 * Records a "trust this computer" device for the user and answers its token (30 days); send it
 * as `device_token` at sign-in to skip the second factor. Pass a transaction as `db` to join it.
 */
export async function issueTrustedDevice(
  deps: AuthDeps,
  db: Executor,
  input: { user: UserRow; userAgent: string | null },
): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + AUTH_LIMITS.trustedDeviceTtlSeconds * 1000);
  await insertTrustedDevice(db, {
    id,
    organisationId: input.user.organisationId,
    userId: input.user.id,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    createdAt: now,
    expiresAt,
  });
  return deps.tokens.sign('trusted_device', {
    subject: String(input.user.id),
    jti: id,
    expiresAt,
    issuedAt: now,
    claims: { org: input.user.organisationId },
  });
}

/**
 * True when `deviceToken` is a live "trust this computer" token of this user: genuine, unexpired,
 * not revoked, and issued after the user's last password or two-factor change.
 */
export async function isTrustedDevice(
  deps: AuthDeps,
  user: UserRow,
  deviceToken: string | undefined,
): Promise<boolean> {
  if (!deviceToken) {
    return false;
  }
  const payload = await deps.tokens.verify('trusted_device', deviceToken);
  if (!payload || payload.sub !== String(user.id) || payload.org !== user.organisationId) {
    return false;
  }
  return isTrustedDeviceValid(deps.db, user.organisationId, user.id, payload.jti, new Date());
}

/** Forgets every trusted device of a user ("stop trusting my computers"); answers how many. */
export async function revokeTrustedDevices(
  deps: AuthDeps,
  input: { organisationId: number; userId: number },
): Promise<number> {
  return revokeUserTrustedDevices(deps.db, input.organisationId, input.userId, new Date());
}
