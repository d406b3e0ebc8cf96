import {
  parseRowId,
  type PaginationMeta,
  type UserRole,
  type UserRoleBody,
  type UserSupervisor,
  type UserSupervisorBody,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { loadPermissionNames } from '../auth/repository.js';
import {
  deleteRole,
  deleteSupervisor,
  existingUserIds,
  findSupervisor,
  insertRole,
  openMembershipIfNone,
  insertSupervisor,
  listRoles,
  listSupervisors,
  lockUser,
  primaryEmailsOf,
  roleProfileExists,
  teamExists,
  updateRole,
  type RoleRow,
  type SupervisorRow,
  type UserScope,
} from './repository.js';

/*
 * A person's roles (a role profile in a team, until an end date) and supervisors. Roles grant
 * permissions, so managing them is held to what the caller may do themself: nobody gives a role
 * that brings permissions they do not hold, or changes the roles of someone who holds
 * permissions they lack (403). Supervisors may act for the person (apply on their behalf).
 */

/** Who is calling: their user id and the permissions they hold now. */
export type Caller = { userId: number; permissions: readonly string[] };

export const ROLE_GRANTS_MORE = 'You cannot give a role that grants permissions you do not hold yourself.';
export const TARGET_HOLDS_MORE =
  'You cannot change the roles of someone who holds permissions you do not hold yourself.';

function roleNotFound(): HttpError {
  return new HttpError(404, 'The role was not found.');
}

function userNotFound(): HttpError {
  return new HttpError(404, 'The user was not found.');
}

function toRole(row: RoleRow): UserRole {
  return { id: row.id, team_id: row.teamId, role_profile_id: row.roleProfileId, end_date: row.endDate };
}

/** The caller lacks one of `held`: names the first such permission, or null. */
export function firstMissing(held: readonly string[], caller: Caller): string | null {
  const callerHolds = new Set(caller.permissions);
  return held.find((permission) => !callerHolds.has(permission)) ?? null;
}

/** Today as `YYYY-MM-DD` (UTC), for "is the role still held". */
function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Runs a change to the user's roles in one transaction and keeps it only when the caller may make
 * it: 403 when the user holds a permission the caller lacks, or when the change gives them one.
 */
async function changeRoles<T>(
  db: Database,
  scope: UserScope,
  caller: Caller,
  change: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, scope))) {
      throw userNotFound();
    }
    const before = await loadPermissionNames(tx, scope.organisationId, scope.userId);
    if (firstMissing(before, caller) !== null) {
      throw new HttpError(403, TARGET_HOLDS_MORE);
    }
    const result = await change(tx);
    const after = await loadPermissionNames(tx, scope.organisationId, scope.userId);
    if (firstMissing(after, caller) !== null) {
      // Thrown inside the transaction: the change is rolled back.
      throw new HttpError(403, ROLE_GRANTS_MORE);
    }
    return result;
  });
}

/** 422 for a team or role profile the organisation does not have, or a role the user already holds there. */
async function checkRole(
  tx: Executor,
  scope: UserScope,
  role: { teamId: number; roleProfileId: number; endDate: string | null },
  selfId: number | null,
  now: Date,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (!(await teamExists(tx, scope.organisationId, role.teamId))) {
    errors.team_id = ['The team must be a team of this organisation.'];
  }
  if (!(await roleProfileExists(tx, scope.organisationId, role.roleProfileId))) {
    errors.role_profile_id = ['The role profile must be one of this organisation’s.'];
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
  const held = (row: RoleRow) => row.endDate === null || row.endDate >= today(now);
  const stillHeld = role.endDate === null || role.endDate >= today(now);
  const twice = (await listRoles(tx, scope)).some(
    (row) =>
      row.id !== selfId &&
      row.teamId === role.teamId &&
      row.roleProfileId === role.roleProfileId &&
      held(row) &&
      stillHeld,
  );
  if (twice) {
    throw validationError({ role_profile_id: ['They already hold this role in this team.'] });
  }
}

/** Gives the user a role (201). */
export async function storeRole(
  db: Database,
  scope: UserScope,
  caller: Caller,
  body: UserRoleBody,
): Promise<UserRole> {
  const now = new Date();
  return changeRoles(db, scope, caller, async (tx) => {
    const values = {
      teamId: body.team_id,
      roleProfileId: body.role_profile_id,
      endDate: body.end_date ?? null,
    };
    await checkRole(tx, scope, values, null, now);
    const role = await insertRole(tx, scope, values);
    await openMembershipIfNone(tx, scope, today(now));
    return toRole(role);
  });
}

/** Changes a role's team, profile or end date. */
export async function updateUserRole(
  db: Database,
  scope: UserScope,
  caller: Caller,
  rawId: string,
  body: Partial<UserRoleBody>,
): Promise<UserRole> {
  const id = parseRowId(rawId);
  if (id === null) {
    throw roleNotFound();
  }
  const now = new Date();
  return changeRoles(db, scope, caller, async (tx) => {
    const current = (await listRoles(tx, scope)).find((row) => row.id === id);
    if (!current) {
      throw roleNotFound();
    }
    const values = {
      teamId: body.team_id ?? current.teamId,
      roleProfileId: body.role_profile_id ?? current.roleProfileId,
      endDate: body.end_date === undefined ? current.endDate : body.end_date,
    };
    await checkRole(tx, scope, values, id, now);
    const row = await updateRole(tx, scope, id, values);
    if (!row) {
      throw roleNotFound();
    }
    return toRole(row);
  });
}

/** Takes a role away (ending it with an end date keeps the history; this deletes it). */
export async function destroyRole(
  db: Database,
  scope: UserScope,
  caller: Caller,
  rawId: string,
): Promise<void> {
  const id = parseRowId(rawId);
  if (id === null) {
    throw roleNotFound();
  }
  await changeRoles(db, scope, caller, async (tx) => {
    if (!(await deleteRole(tx, scope, id))) {
      throw roleNotFound();
    }
  });
}

// ——— Supervisors ———

function supervisorNotFound(): HttpError {
  return new HttpError(404, 'The supervisor was not found.');
}

async function toSupervisors(
  db: Executor,
  scope: UserScope,
  rows: SupervisorRow[],
): Promise<UserSupervisor[]> {
  const emails = await primaryEmailsOf(
    db,
    scope.organisationId,
    rows.map((row) => row.supervisorUserId),
  );
  return rows.map((row) => ({
    id: row.supervisorUserId,
    supervisor_user_id: row.supervisorUserId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: emails.get(row.supervisorUserId) ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}

async function assertUserExists(db: Executor, scope: UserScope): Promise<void> {
  if ((await existingUserIds(db, scope.organisationId, [scope.userId])).size === 0) {
    throw userNotFound();
  }
}

/** One page of the user's supervisors, longest-standing first. */
export async function listUserSupervisors(
  db: Database,
  scope: UserScope,
  page: { page: number; perPage: number },
): Promise<{ data: UserSupervisor[]; meta: PaginationMeta }> {
  await assertUserExists(db, scope);
  const { rows, total } = await listSupervisors(db, scope, page);
  return {
    data: await toSupervisors(db, scope, rows),
    meta: { current_page: page.page, per_page: page.perPage, total },
  };
}

/** One supervisor of the user, named by the supervisor's user id. */
export async function showUserSupervisor(
  db: Database,
  scope: UserScope,
  rawId: string,
): Promise<UserSupervisor> {
  await assertUserExists(db, scope);
  const supervisorUserId = parseRowId(rawId);
  const row = supervisorUserId === null ? null : await findSupervisor(db, scope, supervisorUserId);
  if (!row) {
    throw supervisorNotFound();
  }
  const [shown] = await toSupervisors(db, scope, [row]);
  if (!shown) {
    throw supervisorNotFound();
  }
  return shown;
}

/** 422 unless the supervisor is another user of the organisation who does not supervise them yet. */
async function checkSupervisor(tx: Executor, scope: UserScope, supervisorUserId: number): Promise<void> {
  if (supervisorUserId === scope.userId) {
    throw validationError({ supervisor_user_id: ['A person cannot supervise themself.'] });
  }
  if ((await existingUserIds(tx, scope.organisationId, [supervisorUserId])).size === 0) {
    throw validationError({ supervisor_user_id: ['The supervisor must be a user of this organisation.'] });
  }
  if (await findSupervisor(tx, scope, supervisorUserId)) {
    throw validationError({ supervisor_user_id: ['They already supervise this person.'] });
  }
}

/** Makes someone the user's supervisor (201). */
export async function storeUserSupervisor(
  db: Database,
  scope: UserScope,
  body: UserSupervisorBody,
): Promise<UserSupervisor> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, scope))) {
      throw userNotFound();
    }
    await checkSupervisor(tx, scope, body.supervisor_user_id);
    await insertSupervisor(tx, scope, body.supervisor_user_id);
    const row = await findSupervisor(tx, scope, body.supervisor_user_id);
    if (!row) {
      throw supervisorNotFound();
    }
    const [shown] = await toSupervisors(tx, scope, [row]);
    if (!shown) {
      throw supervisorNotFound();
    }
    return shown;
  });
}

/** Hands the supervision over to another supervisor (the record is then named by the new one's id). */
export async function updateUserSupervisor(
  db: Database,
  scope: UserScope,
  rawId: string,
  body: Partial<UserSupervisorBody>,
): Promise<UserSupervisor> {
  const currentId = parseRowId(rawId);
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, scope))) {
      throw userNotFound();
    }
    const current = currentId === null ? null : await findSupervisor(tx, scope, currentId);
    if (!current) {
      throw supervisorNotFound();
    }
    const next = body.supervisor_user_id ?? current.supervisorUserId;
    if (next !== current.supervisorUserId) {
      await checkSupervisor(tx, scope, next);
      await deleteSupervisor(tx, scope, current.supervisorUserId);
      await insertSupervisor(tx, scope, next);
    }
    const row = await findSupervisor(tx, scope, next);
    if (!row) {
      throw supervisorNotFound();
    }
    const [shown] = await toSupervisors(tx, scope, [row]);
    if (!shown) {
      throw supervisorNotFound();
    }
    return shown;
  });
}

/** Ends a supervision. */
export async function destroyUserSupervisor(db: Database, scope: UserScope, rawId: string): Promise<void> {
  const supervisorUserId = parseRowId(rawId);
  await db.transaction(async (tx) => {
    if (!(await lockUser(tx, scope))) {
      throw userNotFound();
    }
    if (supervisorUserId === null || !(await deleteSupervisor(tx, scope, supervisorUserId))) {
      throw supervisorNotFound();
    }
  });
}
