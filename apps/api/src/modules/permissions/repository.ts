import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  permissionDescriptions,
  permissionGroupPermissions,
  permissionGroups,
  permissions,
  roleProfilePermissionGroups,
  roleProfiles,
  rolePermissionGrants,
  userDeniedPermissions,
  userPermissionGroups,
  userPermissions,
  users,
} from '../../db/schema/index.js';

/*
 * The permission vocabulary (`permissions`) is global: no organisation owns a permission, so the
 * queries reading it alone are the one kind here not scoped by organisation. Everything an
 * organisation writes about or with permissions (descriptions, groups, grants, denials) is.
 */

/** One page of a list: 1-based `page`, `perPage` rows. */
export type Page = { page: number; perPage: number };

export type PermissionRow = {
  id: number;
  name: string;
  category: string;
  /** The organisation's own description, when it wrote one. */
  description: string | null;
};

export type PermissionGroupRow = typeof permissionGroups.$inferSelect;

/** `%text%` for ILIKE, with the pattern characters of `text` taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Ids of the organisation's users, as a subquery: scopes the tables keyed by user alone. */
function usersOf(db: Executor, organisationId: number) {
  return db.select({ id: users.id }).from(users).where(eq(users.organisationId, organisationId));
}

/** Ids of the organisation's permission groups, as a subquery. */
function groupsOf(db: Executor, organisationId: number) {
  return db
    .select({ id: permissionGroups.id })
    .from(permissionGroups)
    .where(eq(permissionGroups.organisationId, organisationId));
}

function offsetOf(page: Page): number {
  return (page.page - 1) * page.perPage;
}

// ---------------------------------------------------------------- vocabulary

/** Adds the permissions that do not exist yet; existing names keep their row and category. */
export async function insertMissingPermissions(
  db: Executor,
  rows: ReadonlyArray<{ name: string; category: string }>,
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  await db
    .insert(permissions)
    .values([...rows])
    .onConflictDoNothing({ target: permissions.name });
}

/** Every permission id, for granting all of them. */
export async function listAllPermissionIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: permissions.id }).from(permissions).orderBy(asc(permissions.id));
  return rows.map((row) => row.id);
}

/** The permissions named by id or by name, whichever exist. */
export async function findPermissionsByReference(
  db: Executor,
  ids: readonly number[],
  names: readonly string[],
): Promise<Array<{ id: number; name: string }>> {
  const matches: SQL[] = [];
  if (ids.length > 0) {
    matches.push(inArray(permissions.id, [...ids]));
  }
  if (names.length > 0) {
    matches.push(inArray(permissions.name, [...names]));
  }
  if (matches.length === 0) {
    return [];
  }
  return db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(or(...matches));
}

// ---------------------------------------------------------------- permissions as an organisation sees them

function permissionColumns() {
  return {
    id: permissions.id,
    name: permissions.name,
    category: permissions.category,
    description: permissionDescriptions.description,
  };
}

function describedFor(organisationId: number): SQL | undefined {
  return and(
    eq(permissionDescriptions.permissionId, permissions.id),
    eq(permissionDescriptions.organisationId, organisationId),
  );
}

/** One page of the vocabulary with the organisation's descriptions, by category then name. */
export async function listPermissions(
  db: Executor,
  organisationId: number,
  filter: { category?: string; q?: string },
  page: Page,
): Promise<{ rows: PermissionRow[]; total: number }> {
  const where = and(
    filter.category === undefined ? undefined : eq(permissions.category, filter.category),
    filter.q ? ilike(permissions.name, containing(filter.q)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(permissionColumns())
      .from(permissions)
      .leftJoin(permissionDescriptions, describedFor(organisationId))
      .where(where)
      .orderBy(asc(permissions.category), asc(permissions.name))
      .limit(page.perPage)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(permissions).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One permission with the organisation's description, or null. */
export async function findPermission(
  db: Executor,
  organisationId: number,
  permissionId: number,
): Promise<PermissionRow | null> {
  const [row] = await db
    .select(permissionColumns())
    .from(permissions)
    .leftJoin(permissionDescriptions, describedFor(organisationId))
    .where(eq(permissions.id, permissionId));
  return row ?? null;
}

/** Sets the organisation's description of a permission; null removes it. */
export async function setPermissionDescription(
  db: Executor,
  organisationId: number,
  permissionId: number,
  description: string | null,
): Promise<void> {
  if (description === null) {
    await db
      .delete(permissionDescriptions)
      .where(
        and(
          eq(permissionDescriptions.organisationId, organisationId),
          eq(permissionDescriptions.permissionId, permissionId),
        ),
      );
    return;
  }
  await db
    .insert(permissionDescriptions)
    .values({ organisationId, permissionId, description })
    .onConflictDoUpdate({
      target: [permissionDescriptions.organisationId, permissionDescriptions.permissionId],
      set: { description, updatedAt: new Date() },
    });
}

/** Every category the vocabulary uses, with how many permissions each holds, by name. */
export async function listPermissionCategories(
  db: Executor,
): Promise<Array<{ name: string; permissionCount: number }>> {
  return db
    .select({ name: permissions.category, permissionCount: count() })
    .from(permissions)
    .groupBy(permissions.category)
    .orderBy(asc(permissions.category));
}

// ---------------------------------------------------------------- permission groups

function groupOf(organisationId: number, groupId: number): SQL | undefined {
  return and(eq(permissionGroups.id, groupId), eq(permissionGroups.organisationId, organisationId));
}

/** One page of the organisation's groups, by name. */
export async function listPermissionGroups(
  db: Executor,
  organisationId: number,
  filter: { q?: string },
  page: Page,
): Promise<{ rows: PermissionGroupRow[]; total: number }> {
  const where = and(
    eq(permissionGroups.organisationId, organisationId),
    filter.q ? ilike(permissionGroups.name, containing(filter.q)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(permissionGroups)
      .where(where)
      .orderBy(asc(sql`lower(${permissionGroups.name})`), asc(permissionGroups.id))
      .limit(page.perPage)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(permissionGroups).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One group of the organisation, or null. */
export async function findPermissionGroup(
  db: Executor,
  organisationId: number,
  groupId: number,
): Promise<PermissionGroupRow | null> {
  const [row] = await db.select().from(permissionGroups).where(groupOf(organisationId, groupId));
  return row ?? null;
}

/** The organisation's group of that name (ignoring case), or null. */
export async function findPermissionGroupByName(
  db: Executor,
  organisationId: number,
  name: string,
): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: permissionGroups.id })
    .from(permissionGroups)
    .where(
      and(
        eq(permissionGroups.organisationId, organisationId),
        sql`lower(${permissionGroups.name}) = lower(${name})`,
      ),
    );
  return row ?? null;
}

/** Which of `groupIds` are groups of the organisation. */
export async function existingPermissionGroupIds(
  db: Executor,
  organisationId: number,
  groupIds: readonly number[],
): Promise<Set<number>> {
  if (groupIds.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: permissionGroups.id })
    .from(permissionGroups)
    .where(
      and(eq(permissionGroups.organisationId, organisationId), inArray(permissionGroups.id, [...groupIds])),
    );
  return new Set(rows.map((row) => row.id));
}

export async function insertPermissionGroup(
  db: Executor,
  organisationId: number,
  values: { name: string; description: string | null },
): Promise<PermissionGroupRow> {
  const [row] = await db
    .insert(permissionGroups)
    .values({ organisationId, ...values })
    .returning();
  if (!row) {
    throw new Error('permission group insert returned nothing');
  }
  return row;
}

/** Changes a group's name or description (and always its `updated_at`); null when it is not the organisation's. */
export async function updatePermissionGroup(
  db: Executor,
  organisationId: number,
  groupId: number,
  values: { name?: string; description?: string | null },
): Promise<PermissionGroupRow | null> {
  const [row] = await db
    .update(permissionGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(groupOf(organisationId, groupId))
    .returning();
  return row ?? null;
}

/** Deletes a group (its grants go with it); false when it is not the organisation's. */
export async function deletePermissionGroup(
  db: Executor,
  organisationId: number,
  groupId: number,
): Promise<boolean> {
  const rows = await db
    .delete(permissionGroups)
    .where(groupOf(organisationId, groupId))
    .returning({ id: permissionGroups.id });
  return rows.length > 0;
}

/** Makes a group of the organisation bundle exactly these permissions (the caller found the group). */
export async function replacePermissionGroupPermissions(
  db: Executor,
  organisationId: number,
  groupId: number,
  permissionIds: readonly number[],
): Promise<void> {
  await db
    .delete(permissionGroupPermissions)
    .where(
      and(
        eq(permissionGroupPermissions.permissionGroupId, groupId),
        inArray(permissionGroupPermissions.permissionGroupId, groupsOf(db, organisationId)),
      ),
    );
  if (permissionIds.length > 0) {
    await db
      .insert(permissionGroupPermissions)
      .values(permissionIds.map((permissionId) => ({ permissionGroupId: groupId, permissionId })))
      .onConflictDoNothing();
  }
}

/** The permissions of each of the organisation's groups named, by name. */
export async function listGroupPermissions(
  db: Executor,
  organisationId: number,
  groupIds: readonly number[],
): Promise<Map<number, Array<{ id: number; name: string }>>> {
  const byGroup = new Map<number, Array<{ id: number; name: string }>>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) {
    return byGroup;
  }
  const rows = await db
    .select({
      groupId: permissionGroupPermissions.permissionGroupId,
      id: permissions.id,
      name: permissions.name,
    })
    .from(permissionGroupPermissions)
    .innerJoin(permissionGroups, eq(permissionGroups.id, permissionGroupPermissions.permissionGroupId))
    .innerJoin(permissions, eq(permissions.id, permissionGroupPermissions.permissionId))
    .where(
      and(eq(permissionGroups.organisationId, organisationId), inArray(permissionGroups.id, [...groupIds])),
    )
    .orderBy(asc(permissions.name));
  for (const row of rows) {
    byGroup.get(row.groupId)?.push({ id: row.id, name: row.name });
  }
  return byGroup;
}

// ---------------------------------------------------------------- users and role profiles

/** True when the user belongs to the organisation. */
export async function userExists(db: Executor, organisationId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
  return row !== undefined;
}

/** True when the role profile belongs to the organisation. */
export async function roleProfileExists(
  db: Executor,
  organisationId: number,
  roleProfileId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: roleProfiles.id })
    .from(roleProfiles)
    .where(and(eq(roleProfiles.id, roleProfileId), eq(roleProfiles.organisationId, organisationId)));
  return row !== undefined;
}

// ---------------------------------------------------------------- denied permissions

export type DeniedPermissionRow = { id: number; name: string; category: string };

function deniedOf(organisationId: number, userId: number): SQL | undefined {
  return and(eq(userDeniedPermissions.userId, userId), eq(users.organisationId, organisationId));
}

/** The permissions taken away from one user of the organisation, by name. */
export async function listDeniedPermissions(
  db: Executor,
  organisationId: number,
  userId: number,
  permissionId?: number,
): Promise<DeniedPermissionRow[]> {
  return db
    .select({ id: permissions.id, name: permissions.name, category: permissions.category })
    .from(userDeniedPermissions)
    .innerJoin(users, eq(users.id, userDeniedPermissions.userId))
    .innerJoin(permissions, eq(permissions.id, userDeniedPermissions.permissionId))
    .where(
      and(
        deniedOf(organisationId, userId),
        permissionId === undefined ? undefined : eq(userDeniedPermissions.permissionId, permissionId),
      ),
    )
    .orderBy(asc(permissions.name));
}

/** Denies a permission to a user the caller has checked is the organisation's; false when it already was. */
export async function insertDeniedPermission(
  db: Executor,
  userId: number,
  permissionId: number,
): Promise<boolean> {
  const rows = await db
    .insert(userDeniedPermissions)
    .values({ userId, permissionId })
    .onConflictDoNothing()
    .returning({ userId: userDeniedPermissions.userId });
  return rows.length > 0;
}

/** Lifts a denial of one user of the organisation; false when there was none. */
export async function deleteDeniedPermission(
  db: Executor,
  organisationId: number,
  userId: number,
  permissionId: number,
): Promise<boolean> {
  const rows = await db
    .delete(userDeniedPermissions)
    .where(
      and(
        eq(userDeniedPermissions.userId, userId),
        eq(userDeniedPermissions.permissionId, permissionId),
        inArray(userDeniedPermissions.userId, usersOf(db, organisationId)),
      ),
    )
    .returning({ userId: userDeniedPermissions.userId });
  return rows.length > 0;
}

// ---------------------------------------------------------------- grants

export type Grants = { permissions: Array<{ id: number; name: string }>; groupIds: number[] };

/** What a role profile of the organisation grants: permissions one by one, and groups. */
export async function findRoleProfileGrants(
  db: Executor,
  organisationId: number,
  roleProfileId: number,
): Promise<Grants> {
  const [granted, groups] = await Promise.all([
    db
      .select({ id: permissions.id, name: permissions.name })
      .from(rolePermissionGrants)
      .innerJoin(roleProfiles, eq(roleProfiles.id, rolePermissionGrants.roleProfileId))
      .innerJoin(permissions, eq(permissions.id, rolePermissionGrants.permissionId))
      .where(
        and(
          eq(rolePermissionGrants.roleProfileId, roleProfileId),
          eq(roleProfiles.organisationId, organisationId),
        ),
      )
      .orderBy(asc(permissions.name)),
    db
      .select({ id: roleProfilePermissionGroups.permissionGroupId })
      .from(roleProfilePermissionGroups)
      .where(
        and(
          eq(roleProfilePermissionGroups.roleProfileId, roleProfileId),
          eq(roleProfilePermissionGroups.organisationId, organisationId),
        ),
      )
      .orderBy(asc(roleProfilePermissionGroups.permissionGroupId)),
  ]);
  return { permissions: granted, groupIds: groups.map((row) => row.id) };
}

/** What one user of the organisation holds directly: permissions one by one, and groups. */
export async function findUserGrants(db: Executor, organisationId: number, userId: number): Promise<Grants> {
  const [granted, groups] = await Promise.all([
    db
      .select({ id: permissions.id, name: permissions.name })
      .from(userPermissions)
      .innerJoin(users, eq(users.id, userPermissions.userId))
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(and(eq(userPermissions.userId, userId), eq(users.organisationId, organisationId)))
      .orderBy(asc(permissions.name)),
    db
      .select({ id: userPermissionGroups.permissionGroupId })
      .from(userPermissionGroups)
      .where(
        and(eq(userPermissionGroups.userId, userId), eq(userPermissionGroups.organisationId, organisationId)),
      )
      .orderBy(asc(userPermissionGroups.permissionGroupId)),
  ]);
  return { permissions: granted, groupIds: groups.map((row) => row.id) };
}

/** Makes a role profile of the organisation grant exactly these permissions one by one (the caller found it). */
export async function replaceRoleProfilePermissions(
  db: Executor,
  organisationId: number,
  roleProfileId: number,
  permissionIds: readonly number[],
): Promise<void> {
  await db
    .delete(rolePermissionGrants)
    .where(
      and(
        eq(rolePermissionGrants.roleProfileId, roleProfileId),
        inArray(
          rolePermissionGrants.roleProfileId,
          db
            .select({ id: roleProfiles.id })
            .from(roleProfiles)
            .where(eq(roleProfiles.organisationId, organisationId)),
        ),
      ),
    );
  if (permissionIds.length > 0) {
    await db
      .insert(rolePermissionGrants)
      .values(permissionIds.map((permissionId) => ({ roleProfileId, permissionId })))
      .onConflictDoNothing();
  }
}

/** Makes a role profile of the organisation hold exactly these groups (checked to be the organisation's). */
export async function replaceRoleProfileGroups(
  db: Executor,
  organisationId: number,
  roleProfileId: number,
  groupIds: readonly number[],
): Promise<void> {
  await db
    .delete(roleProfilePermissionGroups)
    .where(
      and(
        eq(roleProfilePermissionGroups.roleProfileId, roleProfileId),
        eq(roleProfilePermissionGroups.organisationId, organisationId),
      ),
    );
  if (groupIds.length > 0) {
    await db
      .insert(roleProfilePermissionGroups)
      .values(groupIds.map((permissionGroupId) => ({ organisationId, roleProfileId, permissionGroupId })))
      .onConflictDoNothing();
  }
}

/** Makes a user of the organisation hold exactly these permissions directly (the caller found the user). */
export async function replaceUserPermissions(
  db: Executor,
  organisationId: number,
  userId: number,
  permissionIds: readonly number[],
): Promise<void> {
  await db
    .delete(userPermissions)
    .where(
      and(eq(userPermissions.userId, userId), inArray(userPermissions.userId, usersOf(db, organisationId))),
    );
  if (permissionIds.length > 0) {
    await db
      .insert(userPermissions)
      .values(permissionIds.map((permissionId) => ({ userId, permissionId })))
      .onConflictDoNothing();
  }
}

/** Makes a user of the organisation hold exactly these groups directly (checked to be the organisation's). */
export async function replaceUserGroups(
  db: Executor,
  organisationId: number,
  userId: number,
  groupIds: readonly number[],
): Promise<void> {
  await db
    .delete(userPermissionGroups)
    .where(
      and(eq(userPermissionGroups.userId, userId), eq(userPermissionGroups.organisationId, organisationId)),
    );
  if (groupIds.length > 0) {
    await db
      .insert(userPermissionGroups)
      .values(groupIds.map((permissionGroupId) => ({ organisationId, userId, permissionGroupId })))
      .onConflictDoNothing();
  }
}

/** True when `error` is PostgreSQL's (or PGlite's) refusal of a second group of the same name. */
export function isGroupNameTaken(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return candidate.constraint === 'permission_groups_org_name_unique';
    }
    current = candidate.cause;
  }
  return false;
}
