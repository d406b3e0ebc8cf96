import { randomUUID } from 'node:crypto';
import { authMessages } from '@muster/contract';
import { findOrganisationById } from '../organisation/repository.js';
import { HttpError } from '../../plugins/errors.js';
import { codeMatches, hashCode, randomSixDigitCode } from './codes.js';
import { AUTH_LIMITS, type AuthDeps, type RequestMeta } from './deps.js';
import {
  closeOpenChallenges,
  consumeChallenge,
  findOpenMobileChallenge,
  findOrganisationsForEmail,
  findUserByEmail,
  insertChallenge,
  reserveChallengeAttempt,
} from './repository.js';
import { startSession } from './sessions.js';
import { requiresSecondFactor } from './two-factor.js';

/** The one answer of a mobile code request, whether or not the address has an account there. */
export const MOBILE_CODE_REQUESTED =
  'If that email address has an account with this organisation, we have emailed it a 6-digit code.';

/**
 * Organisations an address has an account with (id and name only). One query whatever the
 * answer, so known and unknown addresses take the same time and get the same shape.
 */
export async function organisationsForEmail(
  deps: AuthDeps,
  email: string,
): Promise<Array<{ id: number; name: string }>> {
  return findOrganisationsForEmail(deps.db, email);
}

/**
 * Emails a 6-digit sign-in code (10 minutes, 5 tries) to an account of the organisation; sends
 * nothing for unknown addresses or single sign-on users. The caller answers the same either way.
 */
export async function requestMobileCode(
  deps: AuthDeps,
  input: { organisationId: number; email: string; meta: RequestMeta },
): Promise<void> {
  const { email, meta } = input;
  const organisation = await findOrganisationById(deps.db, input.organisationId);
  const user = organisation ? await findUserByEmail(deps.db, organisation.id, email) : null;
  if (!organisation || !user || user.ssoSubject) {
    await deps.securityLog.record({
      event: 'mobile_code_requested',
      outcome: 'failure',
      organisationId: organisation?.id ?? null,
      userId: user?.id ?? null,
      details: { reason: !user ? 'unknown_email' : 'single_sign_on_user' },
      meta,
    });
    return;
  }
  const id = randomUUID();
  const code = randomSixDigitCode();
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await closeOpenChallenges(tx, organisation.id, user.id, 'mobile', now);
    await insertChallenge(tx, {
      id,
      organisationId: organisation.id,
      userId: user.id,
      purpose: 'mobile',
      method: 'email',
      codeHash: hashCode(deps.codeKey, id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_LIMITS.codeTtlSeconds * 1000),
    });
  });
  await deps.messenger().sendEmail({
    organisationId: organisation.id,
    to: email,
    subject: `Your ${organisation.name} app sign-in code`,
    text:
      `Your code for the ${organisation.name} app is ${code}.\n\n` +
      `It expires in ${AUTH_LIMITS.codeTtlSeconds / 60} minutes and works once. If you did not ask for it, ignore this email.`,
  });
  await deps.securityLog.record({
    event: 'mobile_code_requested',
    outcome: 'success',
    organisationId: organisation.id,
    userId: user.id,
    factor: 'email',
    meta,
  });
}

/**
 * Signs in with an emailed mobile code: answers a session token. A user who must pass a second
 * factor cannot sign in by email code alone and is sent to the password sign-in.
 */
export async function verifyMobileCode(
  deps: AuthDeps,
  input: { organisationId: number; email: string; code: string; meta: RequestMeta },
): Promise<{ token: string }> {
  const { meta } = input;
  const organisation = await findOrganisationById(deps.db, input.organisationId);
  const user = organisation ? await findUserByEmail(deps.db, organisation.id, input.email) : null;
  const refuse = async (reason: string) => {
    await deps.securityLog.record({
      event: 'sign_in',
      outcome: 'failure',
      organisationId: organisation?.id ?? null,
      userId: user?.id ?? null,
      factor: 'mobile_code',
      details: { reason },
      meta,
    });
    throw new HttpError(401, authMessages.invalidCode);
  };
  if (!organisation || !user) {
    return refuse('unknown_email');
  }
  const now = new Date();
  const open = await findOpenMobileChallenge(deps.db, organisation.id, user.id, now);
  const reserved = open
    ? await reserveChallengeAttempt(deps.db, organisation.id, open.id, AUTH_LIMITS.maxCodeAttempts, now)
    : null;
  if (!reserved?.codeHash) {
    return refuse(open ? 'too_many_attempts' : 'no_open_code');
  }
  if (!codeMatches(deps.codeKey, reserved.id, input.code, reserved.codeHash)) {
    return refuse('code_wrong');
  }
  if (await requiresSecondFactor(deps, user)) {
    await consumeChallenge(deps.db, organisation.id, reserved.id, new Date());
    await deps.securityLog.record({
      event: 'sign_in',
      outcome: 'failure',
      organisationId: organisation.id,
      userId: user.id,
      factor: 'mobile_code',
      details: { reason: 'second_factor_required' },
      meta,
    });
    throw new HttpError(
      403,
      'Your account needs two-step sign-in; please sign in with your email address and password.',
    );
  }
  const session = await deps.db.transaction(async (tx) => {
    if (!(await consumeChallenge(tx, organisation.id, reserved.id, new Date()))) {
      return null;
    }
    return startSession(deps, { organisation, user, factors: ['mobile_code'], db: tx });
  });
  if (!session) {
    await deps.securityLog.record({
      event: 'code_replayed',
      outcome: 'failure',
      organisationId: organisation.id,
      userId: user.id,
      factor: 'mobile_code',
      meta,
    });
    return refuse('code_used');
  }
  await deps.securityLog.record({
    event: 'sign_in',
    outcome: 'success',
    organisationId: organisation.id,
    userId: user.id,
    factor: 'mobile_code',
    meta,
  });
  return { token: session.token };
}
