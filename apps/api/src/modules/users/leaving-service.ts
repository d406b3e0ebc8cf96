import { userStatusMessages, type UserLeavingBody, type UserUpdateBody, todayIn } from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { USER_STATUS } from '../../db/seed/reference-data.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { loadPermissionNames, revokeUserSessions } from '../auth/repository.js';
import {
  closeMembership,
  endRolesAfter,
  findOpenMembership,
  isActiveLeavingReason,
  lockUserStatus,
  setUserStatus,
} from './repository.js';
import type { Viewer } from './service.js';

/*
 * A person leaving, and being taken back (`PUT /users/{userId}`, docs/reports.md "Movement").
 * Leaving is what the starters-and-leavers figures read: it closes the person's open period of
 * volunteering (`user_memberships`) with its last day and reason, so they count as a leaver of
 * that day. Their roles end on the same day, their status becomes Left and their sign-ins end.
 * Taking someone back only lets them sign in again: the periods are history, and their next role
 * opens a new one (per-user roles, `openMembershipIfNone`).
 */

/** The organisation and user a status change is about, and the organisation's calendar. */
export type StatusScope = { organisationId: number; userId: number; timezone: string };

/** Why a session ends when its person leaves (`auth_sessions.revoked_reason`). */
const LEFT_SESSION_REASON = 'left';

/**
 * 403 for changing one's own status, or the status of someone holding a permission the caller
 * lacks: leaving ends a person's roles and signs them out, so a coordinator may not do it to an
 * administrator (the same rule as for changing their roles).
 */
async function assertMayChange(tx: Executor, scope: StatusScope, caller: Viewer): Promise<void> {
  if (caller.userId === scope.userId) {
    throw new HttpError(403, userStatusMessages.self);
  }
  const held = await loadPermissionNames(tx, scope.organisationId, scope.userId);
  const callerHolds = new Set(caller.permissions);
  if (held.some((permission) => !callerHolds.has(permission))) {
    throw new HttpError(403, userStatusMessages.holdsMore);
  }
}

/**
 * Records that the person left on `left_on` (today in the organisation's calendar when not
 * given) for the reason given. 409 when they have no open period of volunteering; 422 for a
 * reason that is not one of the organisation's active ones, or a day before the period began or
 * after today.
 */
async function recordLeaving(
  tx: Executor,
  scope: StatusScope,
  body: UserLeavingBody,
  now: Date,
): Promise<void> {
  const today = todayIn(scope.timezone, now);
  const leftOn = body.left_on ?? today;
  const reasonId = body.leaving_reason_id ?? null;
  const errors: Record<string, string[]> = {};
  if (reasonId !== null && !(await isActiveLeavingReason(tx, scope.organisationId, reasonId))) {
    errors.leaving_reason_id = [userStatusMessages.reasonUnknown];
  }
  if (leftOn > today) {
    errors.left_on = [userStatusMessages.leftInFuture];
  }
  const open = await findOpenMembership(tx, scope.organisationId, scope.userId);
  if (open && leftOn < open.joinedOn) {
    errors.left_on = [userStatusMessages.leftBeforeJoined(open.joinedOn)];
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
  if (!open) {
    throw new HttpError(409, userStatusMessages.notVolunteering);
  }
  await closeMembership(tx, scope.organisationId, open.id, { leftOn, leavingReasonId: reasonId });
  await endRolesAfter(tx, scope.organisationId, scope.userId, leftOn);
  await setUserStatus(tx, scope.organisationId, scope.userId, USER_STATUS.left);
  await revokeUserSessions(tx, scope.organisationId, scope.userId, LEFT_SESSION_REASON, now);
}

/**
 * Changes the person's status in one transaction (holding their row, so two changes at once are
 * taken one after the other): `left` records their leaving; `active` takes back someone who left
 * (409 for anyone else). 404 for a user of another organisation.
 */
export async function changeUserStatus(
  db: Database,
  scope: StatusScope,
  caller: Viewer,
  body: UserUpdateBody,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockUserStatus(tx, scope.organisationId, scope.userId);
    if (!user) {
      throw new HttpError(404, 'This user does not exist.');
    }
    await assertMayChange(tx, scope, caller);
    if (body.status === 'left') {
      await recordLeaving(tx, scope, body, now);
      return;
    }
    if (user.statusId !== USER_STATUS.left) {
      throw new HttpError(409, userStatusMessages.notLeft);
    }
    await setUserStatus(tx, scope.organisationId, scope.userId, USER_STATUS.active);
  });
}
