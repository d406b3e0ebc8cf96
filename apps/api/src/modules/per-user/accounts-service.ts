import {
  parseRowId,
  type BlockProtection,
  type BlockProtectionBody,
  type CanBeBlockedResponse,
  type ForgotPasswordResponse,
  type PasswordResetLink,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { USER_STATUS } from '../../db/seed/reference-data.js';
import { HttpError } from '../../plugins/errors.js';
import type { AuthDeps, RequestMeta } from '../auth/deps.js';
import { requestPasswordReset } from '../auth/links.js';
import { loadPermissionNames } from '../auth/repository.js';
import type { OrganisationRow } from '../organisation/repository.js';
import {
  closeResetLink,
  deleteBlockProtection,
  findBlockProtection,
  findResetLink,
  insertBlockProtection,
  latestResetLink,
  updateBlockProtection,
  type BlockProtectionRow,
  type ResetLinkRow,
} from './records-repository.js';
import { findDocumentWith, findUser, lockUser, primaryEmailsOf, type UserScope } from './repository.js';
import { firstMissing, type Caller } from './roles-service.js';

/*
 * Account calls an administrator makes about a person: whether they may block them
 * (`blocked/can-be-blocked`) and protecting them from blocking (its records), and sending them a
 * password reset link (`forgot-password`) or cancelling it.
 */

/** The permission blocking someone takes (a block is a `users.blocked` record). */
export const MANAGE_USERS = 'manage-users';

export const BLOCK_REASONS = {
  notPermitted: 'You do not have permission to block people.',
  self: 'You cannot block yourself.',
  alreadyBlocked: 'This user is already blocked.',
  holdsMore:
    'They hold permissions you do not have, so only someone with at least their permissions may block them.',
  protectedPrefix: 'This user may not be blocked:',
} as const;

/** Refusals of changes to a person's protection from blocking (403). */
export const PROTECTION_REFUSALS = {
  self: 'You cannot change whether you yourself may be blocked.',
  holdsMore:
    'They hold permissions you do not have, so only someone with at least their permissions may change whether they may be blocked.',
  already: 'This user is already protected from blocking: change the reason instead.',
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
  const protection = await findBlockProtection(db, scope);
  if (protection) {
    return refuse(`${BLOCK_REASONS.protectedPrefix} ${protection.reason}`);
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
  const link = await latestResetLink(deps.db, { organisationId: organisation.id, userId: user.id });
  return {
    message: `A link to choose a new password was sent to ${email}. It works once, for 60 minutes.`,
    sent_to: email,
    ...(link ? { id: link.id } : {}),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function resetLinkOf(row: ResetLinkRow, now: Date): PasswordResetLink {
  return {
    id: row.id,
    sent_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    closed_at: row.consumedAt?.toISOString() ?? null,
    live: row.consumedAt === null && row.expiresAt > now,
  };
}

/**
 * `PUT /users/{userId}/forgot-password/{id}` `{live: false}`: cancels a reset link sent to the
 * user (the person did not ask, or it went astray): it stops working at once. 404 for a link
 * that is not the user's; 409 when it no longer works (used, replaced by a newer one, expired).
 */
export async function cancelResetLink(db: Database, scope: UserScope, rawId: string): Promise<PasswordResetLink> {
  if (!(await findUser(db, scope.organisationId, scope.userId))) {
    throw new HttpError(404, 'The user was not found.');
  }
  const notFound = new HttpError(404, 'The password reset link was not found.');
  if (!UUID.test(rawId)) {
    throw notFound;
  }
  return db.transaction(async (tx) => {
    const now = new Date();
    const link = await findResetLink(tx, scope, rawId);
    if (!link) {
      throw notFound;
    }
    if (!resetLinkOf(link, now).live) {
      throw new HttpError(409, 'This link no longer works: it was used, replaced by a newer one, or has expired.');
    }
    const closed = await closeResetLink(tx, scope, rawId, now);
    if (!closed) {
      throw notFound;
    }
    return resetLinkOf(closed, now);
  });
}

// ——— Protections from blocking (`blocked/can-be-blocked/` records) ———

function protectionOf(row: BlockProtectionRow): BlockProtection {
  return {
    id: row.id,
    user_id: row.userId,
    reason: row.reason,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * 403 unless the caller may decide whether the user may be blocked: not about themself, and only
 * while they hold every permission the user holds (the rule blocking itself follows).
 */
async function assertMayProtect(db: Executor, scope: UserScope, caller: Caller): Promise<void> {
  if (caller.userId === scope.userId) {
    throw new HttpError(403, PROTECTION_REFUSALS.self);
  }
  if (firstMissing(await loadPermissionNames(db, scope.organisationId, scope.userId), caller) !== null) {
    throw new HttpError(403, PROTECTION_REFUSALS.holdsMore);
  }
}

async function lockedUser(db: Executor, scope: UserScope): Promise<void> {
  if (!(await lockUser(db, scope))) {
    throw new HttpError(404, 'The user was not found.');
  }
}

const protectionNotFound = () => new HttpError(404, 'The protection from blocking was not found.');

/** `GET blocked/can-be-blocked/{id}`: the user's protection from blocking. */
export async function showBlockProtection(db: Database, scope: UserScope, rawId: string): Promise<BlockProtection> {
  if (!(await findUser(db, scope.organisationId, scope.userId))) {
    throw new HttpError(404, 'The user was not found.');
  }
  const row = await findBlockProtection(db, scope);
  if (!row || row.id !== parseRowId(rawId)) {
    throw protectionNotFound();
  }
  return protectionOf(row);
}

/** `POST blocked/can-be-blocked/` `{reason}`: protects the user from blocking (409 when they already are). */
export async function storeBlockProtection(
  db: Database,
  scope: UserScope,
  caller: Caller,
  body: BlockProtectionBody,
): Promise<BlockProtection> {
  return db.transaction(async (tx) => {
    await lockedUser(tx, scope);
    await assertMayProtect(tx, scope, caller);
    const row = await insertBlockProtection(tx, scope, { reason: body.reason, createdBy: caller.userId });
    if (!row) {
      throw new HttpError(409, PROTECTION_REFUSALS.already);
    }
    return protectionOf(row);
  });
}

/** `PUT blocked/can-be-blocked/{id}` `{reason}`: changes why the user may not be blocked. */
export async function updateBlockProtectionReason(
  db: Database,
  scope: UserScope,
  caller: Caller,
  rawId: string,
  body: Partial<BlockProtectionBody>,
): Promise<BlockProtection> {
  return db.transaction(async (tx) => {
    await lockedUser(tx, scope);
    const id = parseRowId(rawId);
    const current = id === null ? null : await findBlockProtection(tx, scope, { lock: true });
    if (!current || current.id !== id) {
      throw protectionNotFound();
    }
    await assertMayProtect(tx, scope, caller);
    if (body.reason === undefined) {
      return protectionOf(current);
    }
    const row = await updateBlockProtection(tx, scope, current.id, body.reason);
    if (!row) {
      throw protectionNotFound();
    }
    return protectionOf(row);
  });
}

/** `DELETE blocked/can-be-blocked/{id}`: lifts the protection: the user may be blocked again. */
export async function destroyBlockProtection(
  db: Database,
  scope: UserScope,
  caller: Caller,
  rawId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedUser(tx, scope);
    const id = parseRowId(rawId);
    const current = id === null ? null : await findBlockProtection(tx, scope, { lock: true });
    if (!current || current.id !== id) {
      throw protectionNotFound();
    }
    await assertMayProtect(tx, scope, caller);
    await deleteBlockProtection(tx, scope, current.id);
  });
}

/** The email address a reset for the user goes to, for the per-address limit; null when none. */
export async function resetAddressOf(
  db: Database,
  organisationId: number,
  userId: number,
): Promise<string | null> {
  return (await primaryEmailsOf(db, organisationId, [userId])).get(userId) ?? null;
}
