import type { CanBeBlockedResponse, ForgotPasswordResponse } from '@muster/contract';
import type { Database } from '../../db/client.js';
import { USER_STATUS } from '../../db/seed/reference-data.js';
import { HttpError } from '../../plugins/errors.js';
import type { AuthDeps, RequestMeta } from '../auth/deps.js';
import { requestPasswordReset } from '../auth/links.js';
import { loadPermissionNames } from '../auth/repository.js';
import type { OrganisationRow } from '../organisation/repository.js';
import { findDocumentWith, findUser, primaryEmailsOf, type UserScope } from './repository.js';
import { firstMissing, type Caller } from './roles-service.js';

/*
 * Account calls an administrator makes about a person: whether they may block them
 * (`blocked/can-be-blocked`), and sending them a password reset link (`forgot-password`).
 */

/** The permission blocking someone takes (a block is a `users.blocked` record). */
export const MANAGE_USERS = 'manage-users';

export const BLOCK_REASONS = {
  notPermitted: 'You do not have permission to block people.',
  self: 'You cannot block yourself.',
  alreadyBlocked: 'This user is already blocked.',
  holdsMore:
    'They hold permissions you do not have, so only someone with at least their permissions may block them.',
} as const;

/**
 * Whether the caller may block the user: they need manage-users, may not block themself or
 * someone already blocked (status Blocked, or a `users.blocked` record), and may not block
 * someone who holds a permission they lack (a volunteer coordinator cannot lock out an
 * administrator). 404 for a user of another organisation.
 */
export async function canBeBlocked(
  db: Database,
  scope: UserScope,
  caller: Caller,
): Promise<CanBeBlockedResponse['data']> {
  const user = await findUser(db, scope.organisationId, scope.userId);
  if (!user) {
    throw new HttpError(404, 'The user was not found.');
  }
  const refuse = (reason: string) => ({ can_be_blocked: false, reason });
  if (!caller.permissions.includes(MANAGE_USERS)) {
    return refuse(BLOCK_REASONS.notPermitted);
  }
  if (user.id === caller.userId) {
    return refuse(BLOCK_REASONS.self);
  }
  const blockRecord = await findDocumentWith(
    db,
    { organisationId: scope.organisationId, entry: 'users.blocked', parentKey: `userId=${user.id}` },
    {},
  );
  if (user.statusId === USER_STATUS.blocked || blockRecord) {
    return refuse(BLOCK_REASONS.alreadyBlocked);
  }
  if (firstMissing(await loadPermissionNames(db, scope.organisationId, user.id), caller) !== null) {
    return refuse(BLOCK_REASONS.holdsMore);
  }
  return { can_be_blocked: true };
}

/**
 * Sends the user a password reset link at their primary address, through the sign-in module's
 * own reset flow (single use, 60 minutes, older links voided, logged). 409 for a single sign-on
 * user or one without an email address; 404 for a user of another organisation.
 */
export async function sendPasswordReset(
  deps: AuthDeps,
  input: { organisation: OrganisationRow; userId: number; meta: RequestMeta },
): Promise<ForgotPasswordResponse['data']> {
  const { organisation, userId } = input;
  const user = await findUser(deps.db, organisation.id, userId);
  if (!user) {
    throw new HttpError(404, 'The user was not found.');
  }
  if (user.ssoSubject) {
    throw new HttpError(409, 'This user signs in through single sign-on, so has no password to reset.');
  }
  const email = (await primaryEmailsOf(deps.db, organisation.id, [user.id])).get(user.id);
  if (!email) {
    throw new HttpError(409, 'This user has no email address to send a reset link to.');
  }
  await requestPasswordReset(deps, { organisation, email, intended: undefined, meta: input.meta });
  return {
    message: `A link to choose a new password was sent to ${email}. It works once, for 60 minutes.`,
    sent_to: email,
  };
}

/** The email address a reset for the user goes to, for the per-address limit; null when none. */
export async function resetAddressOf(
  db: Database,
  organisationId: number,
  userId: number,
): Promise<string | null> {
  return (await primaryEmailsOf(db, organisationId, [userId])).get(userId) ?? null;
}
