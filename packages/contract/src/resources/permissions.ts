import { z } from 'zod';
import { optionalText } from './fields.js';
import { paginationQuerySchema } from '../catalogue/pagination.js';

/**
 * Permissions, permission categories, permission groups, a user's denied permissions and the
 * grants of role profiles and users (platform-foundation §3, §6). The vocabulary is global and
 * fixed: permissions cannot be created or deleted, categories are read-only; an organisation
 * writes only its own description of a permission. Wire names are snake_case.
 */

/** Most permissions one group or one grant call may name (the whole vocabulary fits). */
export const PERMISSION_LIST_MAX = 1000;
/** Longest permission group name. */
export const PERMISSION_GROUP_NAME_MAX = 255;
/** Longest description of a group or a permission. */
export const PERMISSION_DESCRIPTION_MAX = 1000;

const id = z.number().int().positive().describe('Identifier.');
const isoTime = (what: string) => z.iso.datetime().describe(`${what} (ISO 8601, UTC).`);

/** A permission named by its id or by its name (`view-events`): names are the same in every installation. */
export const permissionReferenceSchema = z
  .union([z.number().int().positive().max(2_147_483_647), z.string().trim().min(1).max(255)], {
    error: 'Name a permission by its id or its name.',
  })
  .describe('A permission: its id, or its name such as `view-events`.');
export type PermissionReference = z.infer<typeof permissionReferenceSchema>;

function permissionReferences(what: string) {
  return z
    .array(permissionReferenceSchema, { error: `The ${what} must be a list.` })
    .max(PERMISSION_LIST_MAX, { error: `At most ${PERMISSION_LIST_MAX} permissions may be named.` });
}

function groupReferences() {
  const message = 'Name a permission group by its id.';
  return z
    .array(
      z
        .number({ error: message })
        .int({ error: message })
        .positive({ error: message })
        .max(2_147_483_647, { error: message }),
      {
        error: 'The permission groups must be a list.',
      },
    )
    .max(PERMISSION_LIST_MAX, { error: `At most ${PERMISSION_LIST_MAX} permission groups may be named.` });
}

/** `:id` of a numbered row in a path. */
export const numericIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'Name the row by its number.')
    .describe('The row’s identifier.'),
});

// ---------------------------------------------------------------- permissions

export const permissionSchema = z
  .object({
    id,
    name: z.string().describe('The permission as guards check it, e.g. `view-events`.'),
    category: z.string().describe('The readable category it is listed under, e.g. `Events`.'),
    category_id: z
      .string()
      .describe('The category’s identifier (`/organisation/permission-categories/{id}`).'),
    description: z
      .string()
      .nullable()
      .describe('What holding it allows: the organisation’s own wording when it wrote one.'),
  })
  .describe('Permission');
export type Permission = z.infer<typeof permissionSchema>;

export const permissionsQuerySchema = paginationQuerySchema().extend({
  category: z
    .string()
    .max(100, { error: 'The category may be at most 100 characters.' })
    .optional()
    .describe('Only permissions of this category id, e.g. `events`.'),
  q: z
    .string()
    .max(100, { error: 'The search text may be at most 100 characters.' })
    .optional()
    .describe('Only permissions whose name contains this text.'),
});
export type PermissionsQuery = z.infer<typeof permissionsQuerySchema>;

/**
 * The only change to a permission: the organisation's description of it. The name and category
 * are fixed vocabulary that guards and every organisation share.
 */
export const permissionUpdateBodySchema = z.object({
  description: optionalText('description', PERMISSION_DESCRIPTION_MAX).describe(
    'The organisation’s description of what holding it allows; null or empty restores the default.',
  ),
});
export type PermissionUpdateBody = z.infer<typeof permissionUpdateBodySchema>;

// ---------------------------------------------------------------- permission categories

export const permissionCategorySchema = z
  .object({
    id: z.string().describe('Identifier: the category name in lower case with dashes, e.g. `role-profiles`.'),
    name: z.string().describe('The readable category, e.g. `Role profiles`.'),
    permission_count: z.number().int().describe('How many permissions it holds.'),
  })
  .describe('Permission category');
export type PermissionCategory = z.infer<typeof permissionCategorySchema>;

export const permissionCategoryParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, 'Name the category by its identifier, e.g. `events`.')
    .describe('The category’s identifier.'),
});

// ---------------------------------------------------------------- permission groups

export const permissionGroupSchema = z
  .object({
    id,
    name: z.string().describe('The group’s name, unique within the organisation.'),
    description: z.string().nullable().describe('What the group is for.'),
    permission_ids: z.array(z.number().int()).describe('The permissions it bundles, by id.'),
    permissions: z.array(z.string()).describe('The same permissions by name, in order.'),
    created_at: isoTime('When it was created'),
    updated_at: isoTime('When it last changed'),
  })
  .describe('Permission group');
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;

export const permissionGroupsQuerySchema = paginationQuerySchema().extend({
  q: z
    .string()
    .max(100, { error: 'The search text may be at most 100 characters.' })
    .optional()
    .describe('Only groups whose name contains this text.'),
});
export type PermissionGroupsQuery = z.infer<typeof permissionGroupsQuerySchema>;

export const permissionGroupBodySchema = z.object({
  name: z
    .string({ error: 'Please enter a name.' })
    .trim()
    .min(1, { error: 'Please enter a name.' })
    .max(PERMISSION_GROUP_NAME_MAX, {
      error: `The name may be at most ${PERMISSION_GROUP_NAME_MAX} characters.`,
    })
    .describe('The group’s name, unique within the organisation (ignoring case).'),
  description: optionalText('description', PERMISSION_DESCRIPTION_MAX).describe('What the group is for.'),
  permission_ids: permissionReferences('permissions').describe(
    'Every permission the group bundles (ids or names); an update replaces the whole list.',
  ),
});
export type PermissionGroupBody = z.infer<typeof permissionGroupBodySchema>;

/** An update: any of the fields, each replacing what was there. */
export const permissionGroupUpdateBodySchema = permissionGroupBodySchema.partial();
export type PermissionGroupUpdateBody = z.infer<typeof permissionGroupUpdateBodySchema>;

// ---------------------------------------------------------------- denied permissions

export const deniedPermissionSchema = z
  .object({
    id: z.number().int().describe('Identifier: the denied permission’s id.'),
    permission_id: z.number().int().describe('The permission taken away.'),
    name: z.string().describe('Its name, e.g. `manage-events`.'),
    category: z.string().describe('Its category.'),
  })
  .describe('Denied permission');
export type DeniedPermission = z.infer<typeof deniedPermissionSchema>;

export const deniedPermissionBodySchema = z.object({
  permission_id: permissionReferenceSchema.describe(
    'The permission to take away from the user, whatever their roles and groups grant (id or name).',
  ),
});
export type DeniedPermissionBody = z.infer<typeof deniedPermissionBodySchema>;

export const userDeniedPermissionParamsSchema = z.object({
  userId: z
    .string()
    .regex(/^\d{1,10}$/, 'A user is named by their number.')
    .describe('User id.'),
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'Name the denied permission by its number.')
    .describe('The permission’s id.'),
});

// ---------------------------------------------------------------- grants of role profiles and users

export const permissionGrantsSchema = z
  .object({
    permission_ids: z.array(z.number().int()).describe('Permissions granted one by one, by id.'),
    permissions: z.array(z.string()).describe('The same permissions by name.'),
    permission_group_ids: z.array(z.number().int()).describe('Permission groups held.'),
  })
  .describe('Permission grants');
export type PermissionGrants = z.infer<typeof permissionGrantsSchema>;

/** What a user holds: their own grants, their denials, and the outcome with roles and groups. */
export const userPermissionsSchema = permissionGrantsSchema
  .extend({
    denied_permission_ids: z.array(z.number().int()).describe('Permissions taken away from the user.'),
    effective_permissions: z
      .array(z.string())
      .describe('Everything the user holds now: roles, groups and direct grants, minus denials.'),
  })
  .describe('User permissions');
export type UserPermissions = z.infer<typeof userPermissionsSchema>;

export const permissionGrantsBodySchema = z.object({
  permission_ids: permissionReferences('permissions')
    .optional()
    .describe('Replaces the permissions granted one by one (ids or names); omitted keeps them.'),
  permission_group_ids: groupReferences()
    .optional()
    .describe('Replaces the permission groups held; omitted keeps them.'),
});
export type PermissionGrantsBody = z.infer<typeof permissionGrantsBodySchema>;

export const roleProfileParamsSchema = z.object({
  roleProfileId: z
    .string()
    .regex(/^\d{1,10}$/, 'A role profile is named by its number.')
    .describe('Role profile id.'),
});
