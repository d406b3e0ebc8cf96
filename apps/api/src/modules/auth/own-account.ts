import { HttpError } from '../../plugins/errors.js';
import type { OrganisationRow } from '../organisation/repository.js';
import type { AuthDeps, RequestMeta } from './deps.js';
import { findUserById, type UserRow } from './repository.js';

/**
 * A request about settings only their owner may change (password, two-factor): the organisation,
 * who asks (with their sign-in, which such changes keep), whose account, and request facts for
 * the security log.
 */
export type OwnAccountContext = {
  organisation: OrganisationRow;
  actor: { userId: number; sessionId?: string | undefined };
  userId: number;
  meta: RequestMeta;
};

/**
 * The account's owner: anyone else is refused with 403 and `message`, recorded in the security
 * log with `reason`; 404 when there is no such user in the organisation.
 */
export async function assertOwnAccount(
  deps: AuthDeps,
  context: OwnAccountContext,
  refusal: { reason: string; message: string },
): Promise<UserRow> {
  if (context.actor.userId !== context.userId) {
    await deps.securityLog.record({
      event: 'authorisation_failed',
      outcome: 'failure',
      organisationId: context.organisation.id,
      userId: context.actor.userId,
      details: { reason: refusal.reason, target_user_id: context.userId },
      meta: context.meta,
    });
    throw new HttpError(403, refusal.message);
  }
  const user = await findUserById(deps.db, context.organisation.id, context.userId);
  if (!user) {
    throw new HttpError(404, 'This user does not exist.');
  }
  return user;
}
