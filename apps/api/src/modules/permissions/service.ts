import type {
  DeniedPermission,
  DeniedPermissionBody,
  PaginationMeta,
  Permission,
  PermissionCategory,
  PermissionGrants,
  PermissionGrantsBody,
  PermissionGroup,
  PermissionGroupBody,
  PermissionGroupUpdateBody,
  PermissionGroupsQuery,
  PermissionReference,
  PermissionsQuery,
  PermissionUpdateBody,
  UserPermissions,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { loadPermissionNames } from '../auth/repository.js';
import {
  deleteDeniedPermission,
  deletePermissionGroup,
  existingPermissionGroupIds,
  findPermission,
  findPermissionGroup,
  findPermissionGroupByName,
  findPermissionsByReference,
  findRoleProfileGrants,
  findUserGrants,
  insertDeniedPermission,
  insertPermissionGroup,
  isGroupNameTaken,
  listDeniedPermissions,
  listGroupPermissions,
  listPermissionCategories,
  listPermissionGroups,
  listPermissions,
  replacePermissionGroupPermissions,
  replaceRoleProfileGroups,
  replaceRoleProfilePermissions,
  replaceUserGroups,
  replaceUserPermissions,
  roleProfileExists,
  setPermissionDescription,
  updatePermissionGroup,
  userExists,
  type DeniedPermissionRow,
  type Grants,
  type PermissionGroupRow,
  type PermissionRow,
} from './repository.js';
import { categoryIdOf, defaultDescriptionOf } from './vocabulary.js';

/** A page of a list as the generic index answers it. */
export type Paginated<T> = { data: T[]; meta: PaginationMeta };

const GROUP_NAME_TAKEN = 'A permission group of this name already exists.';

function notFound(what: string): HttpError {
  return new HttpError(404, `This ${what} does not exist.`);
}

function paginated<T>(data: T[], total: number, query: { page: number; per_page: number }): Paginated<T> {
  return { data, meta: { current_page: query.page, per_page: query.per_page, total } };
}

/**
 * Turns permission references (ids or names) into ids, in the order given and without repeats.
 * Every reference must name an existing permission: 422 keyed `{field}.{index}`, or `field` for
 * a single reference.
 */
async function resolvePermissions(
  db: Executor,
  references: readonly PermissionReference[],
  field: string,
  single = false,
): Promise<number[]> {
  const ids = references.filter((reference): reference is number => typeof reference === 'number');
  const names = references.filter((reference): reference is string => typeof reference === 'string');
  const found = await findPermissionsByReference(db, ids, names);
  const byId = new Map(found.map((row) => [row.id, row.id]));
  const byName = new Map(found.map((row) => [row.name, row.id]));
  const errors: Record<string, string[]> = {};
  const resolved: number[] = [];
  references.forEach((reference, index) => {
    const id = typeof reference === 'number' ? byId.get(reference) : byName.get(reference);
    if (id === undefined) {
      errors[single ? field : `${field}.${index}`] = [`There is no permission ${JSON.stringify(reference)}.`];
    } else if (!resolved.includes(id)) {
      resolved.push(id);
    }
  });
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
  return resolved;
}

/** Checks every group id names a group of the organisation: 422 keyed `permission_group_ids.{index}`. */
async function assertGroupsExist(
  db: Executor,
  organisationId: number,
  groupIds: readonly number[],
): Promise<number[]> {
  const existing = await existingPermissionGroupIds(db, organisationId, groupIds);
  const errors: Record<string, string[]> = {};
  groupIds.forEach((groupId, index) => {
    if (!existing.has(groupId)) {
      errors[`permission_group_ids.${index}`] = ['There is no such permission group.'];
    }
  });
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
  return [...new Set(groupIds)];
}

// ---------------------------------------------------------------- permissions

function toPermission(row: PermissionRow): Permission {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    category_id: categoryIdOf(row.category),
    description: row.description ?? defaultDescriptionOf(row.name),
  };
}

/** The category name behind a category id, or null when no permission uses it. */
async function categoryNamed(db: Executor, categoryId: string): Promise<string | null> {
  const categories = await listPermissionCategories(db);
  return categories.find((category) => categoryIdOf(category.name) === categoryId)?.name ?? null;
}

/** One page of the vocabulary as the organisation sees it, by category then name. */
export async function listPermissionsPage(
  db: Executor,
  organisationId: number,
  query: PermissionsQuery,
): Promise<Paginated<Permission>> {
  const page = { page: query.page, perPage: query.per_page };
  let category: string | undefined;
  if (query.category !== undefined) {
    const named = await categoryNamed(db, query.category);
    if (named === null) {
      return paginated([], 0, query);
    }
    category = named;
  }
  const { rows, total } = await listPermissions(
    db,
    organisationId,
    { ...(category === undefined ? {} : { category }), ...(query.q ? { q: query.q } : {}) },
    page,
  );
  return paginated(rows.map(toPermission), total, query);
}

/** One permission with the organisation's description; 404 when there is none. */
export async function getPermission(
  db: Executor,
  organisationId: number,
  permissionId: number,
): Promise<Permission> {
  const row = await findPermission(db, organisationId, permissionId);
  if (!row) {
    throw notFound('permission');
  }
  return toPermission(row);
}

/**
 * Changes the organisation's description of a permission: the only part of a permission an
 * organisation may change (§6: the vocabulary is fixed and shared by every organisation).
 */
export async function updatePermission(
  db: Database,
  organisationId: number,
  permissionId: number,
  body: PermissionUpdateBody,
): Promise<Permission> {
  return db.transaction(async (tx) => {
    if (!(await findPermission(tx, organisationId, permissionId))) {
      throw notFound('permission');
    }
    if (body.description !== undefined) {
      await setPermissionDescription(tx, organisationId, permissionId, body.description);
    }
    return getPermission(tx, organisationId, permissionId);
  });
}

// ---------------------------------------------------------------- permission categories

function toCategory(row: { name: string; permissionCount: number }): PermissionCategory {
  return { id: categoryIdOf(row.name), name: row.name, permission_count: row.permissionCount };
}

/** The categories the vocabulary files permissions under, by name (read-only, §6). */
export async function listCategoriesPage(
  db: Executor,
  query: { page: number; per_page: number },
): Promise<Paginated<PermissionCategory>> {
  const all = (await listPermissionCategories(db)).map(toCategory);
  const start = (query.page - 1) * query.per_page;
  return paginated(all.slice(start, start + query.per_page), all.length, query);
}

/** One category by its id; 404 when no permission uses it. */
export async function getCategory(db: Executor, categoryId: string): Promise<PermissionCategory> {
  const category = (await listPermissionCategories(db)).find((row) => categoryIdOf(row.name) === categoryId);
  if (!category) {
    throw notFound('permission category');
  }
  return toCategory(category);
}

// ---------------------------------------------------------------- permission groups

function toGroup(row: PermissionGroupRow, permissions: Array<{ id: number; name: string }>): PermissionGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permission_ids: permissions.map((permission) => permission.id),
    permissions: permissions.map((permission) => permission.name),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function withPermissions(db: Executor, organisationId: number, rows: PermissionGroupRow[]) {
  const byGroup = await listGroupPermissions(
    db,
    organisationId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toGroup(row, byGroup.get(row.id) ?? []));
}

/** One page of the organisation's permission groups, by name, each with its permissions. */
export async function listGroupsPage(
  db: Executor,
  organisationId: number,
  query: PermissionGroupsQuery,
): Promise<Paginated<PermissionGroup>> {
  const { rows, total } = await listPermissionGroups(db, organisationId, query.q ? { q: query.q } : {}, {
    page: query.page,
    perPage: query.per_page,
  });
  return paginated(await withPermissions(db, organisationId, rows), total, query);
}

/** One group of the organisation; 404 for a missing group or another organisation's. */
export async function getGroup(
  db: Executor,
  organisationId: number,
  groupId: number,
): Promise<PermissionGroup> {
  const row = await findPermissionGroup(db, organisationId, groupId);
  if (!row) {
    throw notFound('permission group');
  }
  const [group] = await withPermissions(db, organisationId, [row]);
  if (!group) {
    throw notFound('permission group');
  }
  return group;
}

async function assertNameFree(
  db: Executor,
  organisationId: number,
  name: string,
  exceptId?: number,
): Promise<void> {
  const existing = await findPermissionGroupByName(db, organisationId, name);
  if (existing && existing.id !== exceptId) {
    throw validationError({ name: [GROUP_NAME_TAKEN] });
  }
}

/** Turns a lost race for a group name into the same 422 a prior check gives. */
function nameTakenOr(error: unknown): never {
  if (isGroupNameTaken(error)) {
    throw validationError({ name: [GROUP_NAME_TAKEN] });
  }
  throw error;
}

/** Creates a group bundling the permissions named; 422 for a taken name or an unknown permission. */
export async function createGroup(
  db: Database,
  organisationId: number,
  body: PermissionGroupBody,
): Promise<PermissionGroup> {
  return db
    .transaction(async (tx) => {
      const permissionIds = await resolvePermissions(tx, body.permission_ids, 'permission_ids');
      await assertNameFree(tx, organisationId, body.name);
      const row = await insertPermissionGroup(tx, organisationId, {
        name: body.name,
        description: body.description ?? null,
      });
      await replacePermissionGroupPermissions(tx, organisationId, row.id, permissionIds);
      return getGroup(tx, organisationId, row.id);
    })
    .catch(nameTakenOr);
}

/**
 * Changes a group: the fields given replace what was there, `permission_ids` the whole list.
 * Holders gain or lose the permissions on their next request.
 */
export async function changeGroup(
  db: Database,
  organisationId: number,
  groupId: number,
  body: PermissionGroupUpdateBody,
): Promise<PermissionGroup> {
  return db
    .transaction(async (tx) => {
      if (!(await findPermissionGroup(tx, organisationId, groupId))) {
        throw notFound('permission group');
      }
      const permissionIds =
        body.permission_ids === undefined
          ? undefined
          : await resolvePermissions(tx, body.permission_ids, 'permission_ids');
      if (body.name !== undefined) {
        await assertNameFree(tx, organisationId, body.name, groupId);
      }
      await updatePermissionGroup(tx, organisationId, groupId, {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.description === undefined ? {} : { description: body.description }),
      });
      if (permissionIds !== undefined) {
        await replacePermissionGroupPermissions(tx, organisationId, groupId, permissionIds);
      }
      return getGroup(tx, organisationId, groupId);
    })
    .catch(nameTakenOr);
}

/** Deletes a group; whoever held it loses its permissions at once. */
export async function removeGroup(db: Database, organisationId: number, groupId: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deletePermissionGroup(tx, organisationId, groupId))) {
      throw notFound('permission group');
    }
  });
}

// ---------------------------------------------------------------- denied permissions

function toDenied(row: DeniedPermissionRow): DeniedPermission {
  return { id: row.id, permission_id: row.id, name: row.name, category: row.category };
}

async function assertUser(db: Executor, organisationId: number, userId: number): Promise<void> {
  if (!(await userExists(db, organisationId, userId))) {
    throw notFound('user');
  }
}

/** The permissions taken away from a user of the organisation; 404 for another organisation's user. */
export async function listDenied(
  db: Executor,
  organisationId: number,
  userId: number,
  query: { page: number; per_page: number },
): Promise<Paginated<DeniedPermission>> {
  await assertUser(db, organisationId, userId);
  // A user's denials are a handful: read them all and page in memory.
  const rows = (await listDeniedPermissions(db, organisationId, userId)).map(toDenied);
  const start = (query.page - 1) * query.per_page;
  return paginated(rows.slice(start, start + query.per_page), rows.length, query);
}

/** One denial, named by the permission's id; 404 when the permission is not denied to the user. */
export async function getDenied(
  db: Executor,
  organisationId: number,
  userId: number,
  permissionId: number,
): Promise<DeniedPermission> {
  await assertUser(db, organisationId, userId);
  const [row] = await listDeniedPermissions(db, organisationId, userId, permissionId);
  if (!row) {
    throw notFound('denied permission');
  }
  return toDenied(row);
}

/**
 * Takes a permission away from a user, whatever their roles, groups and direct grants give; in
 * force from their next request. 422 when it is already denied.
 */
export async function denyPermission(
  db: Database,
  organisationId: number,
  userId: number,
  body: DeniedPermissionBody,
): Promise<DeniedPermission> {
  return db.transaction(async (tx) => {
    await assertUser(tx, organisationId, userId);
    const [permissionId = 0] = await resolvePermissions(tx, [body.permission_id], 'permission_id', true);
    if (!(await insertDeniedPermission(tx, userId, permissionId))) {
      throw validationError({ permission_id: ['This permission is already denied to the user.'] });
    }
    return getDenied(tx, organisationId, userId, permissionId);
  });
}

/** Moves a denial to another permission (the old one is given back). */
export async function changeDenied(
  db: Database,
  organisationId: number,
  userId: number,
  permissionId: number,
  body: Partial<DeniedPermissionBody>,
): Promise<DeniedPermission> {
  return db.transaction(async (tx) => {
    const current = await getDenied(tx, organisationId, userId, permissionId);
    if (body.permission_id === undefined) {
      return current;
    }
    const [replacement = 0] = await resolvePermissions(tx, [body.permission_id], 'permission_id', true);
    if (replacement === permissionId) {
      return current;
    }
    await deleteDeniedPermission(tx, organisationId, userId, permissionId);
    if (!(await insertDeniedPermission(tx, userId, replacement))) {
      throw validationError({ permission_id: ['This permission is already denied to the user.'] });
    }
    return getDenied(tx, organisationId, userId, replacement);
  });
}

/** Gives a denied permission back (roles and grants apply again); 404 when it was not denied. */
export async function liftDenial(
  db: Database,
  organisationId: number,
  userId: number,
  permissionId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await assertUser(tx, organisationId, userId);
    if (!(await deleteDeniedPermission(tx, organisationId, userId, permissionId))) {
      throw notFound('denied permission');
    }
  });
}

// ---------------------------------------------------------------- grants to role profiles and users

function toGrants(grants: Grants): PermissionGrants {
  return {
    permission_ids: grants.permissions.map((permission) => permission.id),
    permissions: grants.permissions.map((permission) => permission.name),
    permission_group_ids: grants.groupIds,
  };
}

async function assertRoleProfile(db: Executor, organisationId: number, roleProfileId: number): Promise<void> {
  if (!(await roleProfileExists(db, organisationId, roleProfileId))) {
    throw notFound('role profile');
  }
}

/** What a role profile grants its holders: permissions one by one and permission groups. */
export async function getRoleProfileGrants(
  db: Executor,
  organisationId: number,
  roleProfileId: number,
): Promise<PermissionGrants> {
  await assertRoleProfile(db, organisationId, roleProfileId);
  return toGrants(await findRoleProfileGrants(db, organisationId, roleProfileId));
}

/** Replaces what a role profile grants (each list given replaces its kind); holders see it at once. */
export async function setRoleProfileGrants(
  db: Database,
  organisationId: number,
  roleProfileId: number,
  body: PermissionGrantsBody,
): Promise<PermissionGrants> {
  return db.transaction(async (tx) => {
    await assertRoleProfile(tx, organisationId, roleProfileId);
    if (body.permission_ids !== undefined) {
      const ids = await resolvePermissions(tx, body.permission_ids, 'permission_ids');
      await replaceRoleProfilePermissions(tx, organisationId, roleProfileId, ids);
    }
    if (body.permission_group_ids !== undefined) {
      const groupIds = await assertGroupsExist(tx, organisationId, body.permission_group_ids);
      await replaceRoleProfileGroups(tx, organisationId, roleProfileId, groupIds);
    }
    return toGrants(await findRoleProfileGrants(tx, organisationId, roleProfileId));
  });
}

async function userPermissionsOf(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<UserPermissions> {
  const [grants, denied, effective] = await Promise.all([
    findUserGrants(db, organisationId, userId),
    listDeniedPermissions(db, organisationId, userId),
    loadPermissionNames(db, organisationId, userId),
  ]);
  return {
    ...toGrants(grants),
    denied_permission_ids: denied.map((row) => row.id),
    effective_permissions: effective,
  };
}

/** A user's own grants and denials, and everything they hold now through roles and groups too. */
export async function getUserPermissions(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<UserPermissions> {
  await assertUser(db, organisationId, userId);
  return userPermissionsOf(db, organisationId, userId);
}

/** Replaces what a user holds directly (each list given replaces its kind); in force from their next request. */
export async function setUserGrants(
  db: Database,
  organisationId: number,
  userId: number,
  body: PermissionGrantsBody,
): Promise<UserPermissions> {
  return db.transaction(async (tx) => {
    await assertUser(tx, organisationId, userId);
    if (body.permission_ids !== undefined) {
      const ids = await resolvePermissions(tx, body.permission_ids, 'permission_ids');
      await replaceUserPermissions(tx, organisationId, userId, ids);
    }
    if (body.permission_group_ids !== undefined) {
      const groupIds = await assertGroupsExist(tx, organisationId, body.permission_group_ids);
      await replaceUserGroups(tx, organisationId, userId, groupIds);
    }
    return userPermissionsOf(tx, organisationId, userId);
  });
}
