import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  deniedPermissionBodySchema,
  deniedPermissionSchema,
  errorResponseSchema,
  numericIdParamsSchema,
  paginatedResponseSchema,
  paginationQuerySchema,
  permissionCategoryParamsSchema,
  permissionCategorySchema,
  permissionGrantsBodySchema,
  permissionGrantsSchema,
  permissionGroupBodySchema,
  permissionGroupSchema,
  permissionGroupsQuerySchema,
  permissionGroupUpdateBodySchema,
  permissionSchema,
  permissionsQuerySchema,
  permissionUpdateBodySchema,
  resourcePermissions,
  roleProfileParamsSchema,
  userDeniedPermissionParamsSchema,
  userParamsSchema,
  userPermissionsSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { assertMayView } from '../users/service.js';
import {
  changeDenied,
  changeGroup,
  createGroup,
  denyPermission,
  getCategory,
  getDenied,
  getGroup,
  getPermission,
  getRoleProfileGrants,
  getUserPermissions,
  liftDenial,
  listCategoriesPage,
  listDenied,
  listGroupsPage,
  listPermissionsPage,
  removeGroup,
  setRoleProfileGrants,
  setUserGrants,
  updatePermission,
} from './service.js';
import { ensurePermissionVocabulary } from './vocabulary.js';

const refused = { 401: errorResponseSchema, 403: errorResponseSchema };
const deleted = z.null().describe('Deleted.');

/** Each entry's guards follow the catalogue's rule: `view-{family}` to read, `manage-{family}` to write. */
const PERMISSIONS = resourcePermissions('organisation.permissions');
const GROUPS = resourcePermissions('organisation.permission-groups');
const CATEGORIES = resourcePermissions('organisation.permission-categories');
const USERS = resourcePermissions('users.denied-permissions');

/**
 * Permissions, permission categories, permission groups and denied permissions (platform-foundation
 * §6, §7 "Organisation settings" and "Per-user resources"), plus the grants of role profiles and
 * users, which no catalogue route covers. Registered before the generic catalogue module, which
 * skips what is registered here and answers the operations §6 disables (permission store and
 * delete, category writes) with 405. At start, once every route has asked for its permission,
 * the vocabulary is made to hold each name the catalogue and the guards use.
 */
export async function registerPermissionsModule(app: FastifyInstance): Promise<void> {
  app.addHook('onReady', async () => {
    await ensurePermissionVocabulary(
      app.db,
      app.hasDecorator('guardedPermissions') ? app.guardedPermissions : [],
    );
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const org = (request: FastifyRequest) => organisationOf(request).id;
  const idOf = (request: FastifyRequest, param = 'id') =>
    Number((request.params as Record<string, string>)[param]);
  const guarded = (permission: string) => ({
    attachValidation: true,
    preHandler: [app.requirePermission(permission), rethrowValidation],
  });
  /** A user's own permission records are theirs to read; anyone else's need view-users. */
  const ownOrViewUsers = {
    attachValidation: true,
    preHandler: [
      app.requireAuth,
      async (request: FastifyRequest) => assertMayView(viewerOf(request), idOf(request, 'userId')),
      rethrowValidation,
    ],
  };

  // ---------------------------------------------------------------- /organisation/permissions/

  api.get(
    '/organisation/permissions',
    {
      ...guarded(PERMISSIONS.view),
      schema: {
        tags: ['permissions'],
        summary: `List the permission vocabulary, by category (${PERMISSIONS.view})`,
        querystring: permissionsQuerySchema,
        response: {
          200: paginatedResponseSchema(permissionSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => listPermissionsPage(app.db, org(request), request.query),
  );
  api.get(
    '/organisation/permissions/:id',
    {
      ...guarded(PERMISSIONS.view),
      schema: {
        tags: ['permissions'],
        summary: `Show one permission (${PERMISSIONS.view})`,
        params: numericIdParamsSchema,
        response: {
          200: dataEnvelope(permissionSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await getPermission(app.db, org(request), idOf(request)) }),
  );
  api.put(
    '/organisation/permissions/:id',
    {
      ...guarded(PERMISSIONS.manage),
      schema: {
        tags: ['permissions'],
        summary: `Change the organisation’s description of a permission; name and category are fixed (${PERMISSIONS.manage})`,
        params: numericIdParamsSchema,
        body: permissionUpdateBodySchema,
        response: {
          200: dataEnvelope(permissionSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await updatePermission(app.db, org(request), idOf(request), request.body) }),
  );

  // ---------------------------------------------------------------- /organisation/permission-categories/

  api.get(
    '/organisation/permission-categories',
    {
      ...guarded(CATEGORIES.view),
      schema: {
        tags: ['permissions'],
        summary: `List the permission categories, read-only (${CATEGORIES.view})`,
        querystring: paginationQuerySchema(),
        response: {
          200: paginatedResponseSchema(permissionCategorySchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => listCategoriesPage(app.db, request.query),
  );
  api.get(
    '/organisation/permission-categories/:id',
    {
      ...guarded(CATEGORIES.view),
      schema: {
        tags: ['permissions'],
        summary: `Show one permission category (${CATEGORIES.view})`,
        params: permissionCategoryParamsSchema,
        response: {
          200: dataEnvelope(permissionCategorySchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await getCategory(app.db, request.params.id) }),
  );

  // ---------------------------------------------------------------- /organisation/permission-groups/

  api.get(
    '/organisation/permission-groups',
    {
      ...guarded(GROUPS.view),
      schema: {
        tags: ['permissions'],
        summary: `List the organisation’s permission groups (${GROUPS.view})`,
        querystring: permissionGroupsQuerySchema,
        response: {
          200: paginatedResponseSchema(permissionGroupSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => listGroupsPage(app.db, org(request), request.query),
  );
  api.get(
    '/organisation/permission-groups/:id',
    {
      ...guarded(GROUPS.view),
      schema: {
        tags: ['permissions'],
        summary: `Show one permission group (${GROUPS.view})`,
        params: numericIdParamsSchema,
        response: {
          200: dataEnvelope(permissionGroupSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await getGroup(app.db, org(request), idOf(request)) }),
  );
  api.post(
    '/organisation/permission-groups',
    {
      ...guarded(GROUPS.manage),
      schema: {
        tags: ['permissions'],
        summary: `Create a permission group (${GROUPS.manage})`,
        body: permissionGroupBodySchema,
        response: {
          201: dataEnvelope(permissionGroupSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createGroup(app.db, org(request), request.body) }),
  );
  api.put(
    '/organisation/permission-groups/:id',
    {
      ...guarded(GROUPS.manage),
      schema: {
        tags: ['permissions'],
        summary: `Change a permission group; \`permission_ids\` replaces the whole list (${GROUPS.manage})`,
        params: numericIdParamsSchema,
        body: permissionGroupUpdateBodySchema,
        response: {
          200: dataEnvelope(permissionGroupSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await changeGroup(app.db, org(request), idOf(request), request.body) }),
  );
  api.delete(
    '/organisation/permission-groups/:id',
    {
      ...guarded(GROUPS.manage),
      schema: {
        tags: ['permissions'],
        summary: `Delete a permission group; its holders lose its permissions at once (${GROUPS.manage})`,
        params: numericIdParamsSchema,
        response: { 204: deleted, ...refused, 404: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await removeGroup(app.db, org(request), idOf(request));
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- /users/{userId}/denied-permissions/

  api.get(
    '/users/:userId/denied-permissions',
    {
      ...ownOrViewUsers,
      schema: {
        tags: ['permissions'],
        summary: `List the permissions taken away from a user (the user themself, or ${USERS.view})`,
        params: userParamsSchema,
        querystring: paginationQuerySchema(),
        response: {
          200: paginatedResponseSchema(deniedPermissionSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => listDenied(app.db, org(request), idOf(request, 'userId'), request.query),
  );
  api.get(
    '/users/:userId/denied-permissions/:id',
    {
      ...ownOrViewUsers,
      schema: {
        tags: ['permissions'],
        summary: `Show one denied permission, by the permission’s id (the user themself, or ${USERS.view})`,
        params: userDeniedPermissionParamsSchema,
        response: {
          200: dataEnvelope(deniedPermissionSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await getDenied(app.db, org(request), idOf(request, 'userId'), idOf(request)),
    }),
  );
  api.post(
    '/users/:userId/denied-permissions',
    {
      ...guarded(USERS.manage),
      schema: {
        tags: ['permissions'],
        summary: `Take a permission away from a user, overriding every grant, at once (${USERS.manage})`,
        params: userParamsSchema,
        body: deniedPermissionBodySchema,
        response: {
          201: dataEnvelope(deniedPermissionSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await denyPermission(app.db, org(request), idOf(request, 'userId'), request.body) }),
  );
  api.put(
    '/users/:userId/denied-permissions/:id',
    {
      ...guarded(USERS.manage),
      schema: {
        tags: ['permissions'],
        summary: `Deny another permission instead of this one (${USERS.manage})`,
        params: userDeniedPermissionParamsSchema,
        body: deniedPermissionBodySchema.partial(),
        response: {
          200: dataEnvelope(deniedPermissionSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await changeDenied(app.db, org(request), idOf(request, 'userId'), idOf(request), request.body),
    }),
  );
  api.delete(
    '/users/:userId/denied-permissions/:id',
    {
      ...guarded(USERS.manage),
      schema: {
        tags: ['permissions'],
        summary: `Give a denied permission back (${USERS.manage})`,
        params: userDeniedPermissionParamsSchema,
        response: { 204: deleted, ...refused, 404: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await liftDenial(app.db, org(request), idOf(request, 'userId'), idOf(request));
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- grants (outside the catalogue)

  api.get(
    '/organisation/role-profiles/:roleProfileId/permissions',
    {
      ...guarded(PERMISSIONS.view),
      schema: {
        tags: ['permissions'],
        summary: `What a role profile grants its holders: permissions and permission groups (${PERMISSIONS.view})`,
        params: roleProfileParamsSchema,
        response: {
          200: dataEnvelope(permissionGrantsSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await getRoleProfileGrants(app.db, org(request), idOf(request, 'roleProfileId')),
    }),
  );
  api.put(
    '/organisation/role-profiles/:roleProfileId/permissions',
    {
      ...guarded(PERMISSIONS.manage),
      schema: {
        tags: ['permissions'],
        summary: `Replace what a role profile grants; each list given replaces its kind (${PERMISSIONS.manage})`,
        params: roleProfileParamsSchema,
        body: permissionGrantsBodySchema,
        response: {
          200: dataEnvelope(permissionGrantsSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await setRoleProfileGrants(app.db, org(request), idOf(request, 'roleProfileId'), request.body),
    }),
  );
  api.get(
    '/users/:userId/permissions',
    {
      ...ownOrViewUsers,
      schema: {
        tags: ['permissions'],
        summary: `A user’s own grants and denials, and what they hold now (the user themself, or ${USERS.view})`,
        params: userParamsSchema,
        response: {
          200: dataEnvelope(userPermissionsSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await getUserPermissions(app.db, org(request), idOf(request, 'userId')) }),
  );
  api.put(
    '/users/:userId/permissions',
    {
      ...guarded(PERMISSIONS.manage),
      schema: {
        tags: ['permissions'],
        summary: `Replace what a user holds directly; each list given replaces its kind (${PERMISSIONS.manage})`,
        params: userParamsSchema,
        body: permissionGrantsBodySchema,
        response: {
          200: dataEnvelope(userPermissionsSchema),
          ...refused,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await setUserGrants(app.db, org(request), idOf(request, 'userId'), request.body),
    }),
  );
}
