import { accountMessages, type PasswordChangeBody } from '@muster/contract';
import { HttpError } from '../../plugins/errors.js';
import type { AuthDeps } from '../auth/deps.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { assertOwnAccount, type OwnAccountContext } from '../auth/own-account.js';
import { updatePasswordHash } from '../auth/repository.js';
import { revokeSessionsOfUser } from './repository.js';

/** The service's view of a request: the organisation, who asks (and in which sign-in), whose account. */
export type AccountContext = OwnAccountContext;

/** The account's owner (403 for anyone else, logged; 404 when there is no such user). */
export function ownUser(deps: AuthDeps, context: AccountContext) {
  return assertOwnAccount(deps, context, {
    reason: 'account_of_another_user',
    message: accountMessages.onlyOwn,
  });
}

/**
 * `PUT /users/{id}/password`: checks the current password, sets the new one (which also voids
 * trusted computers) and ends the user's other sign-ins, in one transaction; the sign-in making
 * the change stays. A wrong current password is a 422 on `current_password`, logged.
 */
export async function changePassword(
  deps: AuthDeps,
  context: AccountContext,
  body: PasswordChangeBody,
): Promise<{ message: string; other_sessions_ended: number }> {
  const user = await ownUser(deps, context);
  const { organisation, meta } = context;
  if (!user.passwordHash) {
    throw new HttpError(403, accountMessages.singleSignOn);
  }
  if (!(await verifyPassword(user.passwordHash, body.current_password))) {
    await deps.securityLog.record({
      event: 'password_reset',
      outcome: 'failure',
      organisationId: organisation.id,
      userId: user.id,
      factor: 'password',
      details: { reason: 'current_password_wrong', via: 'profile' },
      meta,
    });
    throw new HttpError(422, accountMessages.currentPasswordWrong, {
      current_password: [accountMessages.currentPasswordWrong],
    });
  }
  // Hashing is slow: do it before the transaction, so the transaction stays short.
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  const ended = await deps.db.transaction(async (tx) => {
    await updatePasswordHash(tx, organisation.id, user.id, passwordHash, now);
    return revokeSessionsOfUser(tx, organisation.id, user.id, {
      keepSessionId: context.actor.sessionId,
      reason: 'password_changed',
      now,
    });
  });
  await deps.securityLog.record({
    event: 'password_reset',
    outcome: 'success',
    organisationId: organisation.id,
    userId: user.id,
    details: { via: 'profile', sessions_ended: ended },
    meta,
  });
  return { message: accountMessages.passwordChanged, other_sessions_ended: ended };
}

/** `DELETE /users/{id}/sessions`: ends every sign-in of the user, this one included. */
export async function signOutEverywhere(
  deps: AuthDeps,
  context: AccountContext,
): Promise<{ message: string; sessions_ended: number }> {
  const user = await ownUser(deps, context);
  const ended = await revokeSessionsOfUser(deps.db, context.organisation.id, user.id, {
    reason: 'signed_out_everywhere',
    now: new Date(),
  });
  await deps.securityLog.record({
    event: 'logout',
    outcome: 'success',
    organisationId: context.organisation.id,
    userId: user.id,
    details: { scope: 'everywhere', sessions_ended: ended },
    meta: context.meta,
  });
  return { message: accountMessages.signedOutEverywhere, sessions_ended: ended };
}
