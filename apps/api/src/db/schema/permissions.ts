import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisationId, timestamps } from './columns.js';
import { permissions, roleProfiles, users } from './users.js';

/**
 * A named bundle of permissions an organisation hands out as one (platform-foundation §3
 * "permission group"): held by role profiles and directly by users.
 */
export const permissionGroups = pgTable(
  'permission_groups',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    description: text(),
    ...timestamps,
  },
  // Two groups an administrator cannot tell apart by name would be a trap when granting.
  (t) => [uniqueIndex('permission_groups_org_name_unique').on(t.organisationId, sql`lower(${t.name})`)],
);

/** The permissions a group bundles. */
export const permissionGroupPermissions = pgTable(
  'permission_group_permissions',
  {
    permissionGroupId: integer()
      .notNull()
      .references(() => permissionGroups.id, { onDelete: 'cascade' }),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.permissionGroupId, t.permissionId] }),
    index('permission_group_permissions_permission_idx').on(t.permissionId),
  ],
);

/** Groups a role profile holds: every user with an active role of that profile holds their permissions. */
export const roleProfilePermissionGroups = pgTable(
  'role_profile_permission_groups',
  {
    organisationId: organisationId(),
    roleProfileId: integer()
      .notNull()
      .references(() => roleProfiles.id, { onDelete: 'cascade' }),
    permissionGroupId: integer()
      .notNull()
      .references(() => permissionGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleProfileId, t.permissionGroupId] }),
    index('role_profile_permission_groups_group_idx').on(t.permissionGroupId),
  ],
);

/** Groups held by one user directly, whatever their roles. */
export const userPermissionGroups = pgTable(
  'user_permission_groups',
  {
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionGroupId: integer()
      .notNull()
      .references(() => permissionGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.permissionGroupId] }),
    index('user_permission_groups_group_idx').on(t.permissionGroupId),
  ],
);

/**
 * An organisation's own description of a permission. The vocabulary is global and fixed (§6:
 * permissions cannot be created or deleted), so what one organisation writes about a permission
 * is kept apart from the shared row and never shows in another organisation.
 */
export const permissionDescriptions = pgTable(
  'permission_descriptions',
  {
    organisationId: organisationId(),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    description: text().notNull(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.permissionId] })],
);
