import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, resourcePermissions } from '@muster/contract';
import { permissions } from '../../db/schema/index.js';
import { requiredAccessOf } from '../../plugins/auth.js';
import { createOrganisationTestContext, type TestContext } from '../../test/context.js';
import {
  createAccount,
  createPermissionGroup,
  createSignedInAccount,
  decodeToken,
  denyPermissions,
  giveGroupToRoleProfile,
  giveGroupToUser,
  giveRole,
  grantToRoleProfile,
  sessionTokenFor,
} from '../../test/factories/auth.js';
import { createOrganisation, type TestOrganisation } from '../../test/factories/organisation.js';
import { registerPermissionsModule } from './routes.js';
import { catalogueVocabulary, ensurePermissionVocabulary } from './vocabulary.js';

let ctx: TestContext;
let organisation: TestOrganisation;
let host: string;
let other: TestOrganisation;

const GROUPS = resourcePermissions('organisation.permission-groups');
const PERMISSIONS = resourcePermissions('organisation.permissions');
const CATEGORIES = resourcePermissions('organisation.permission-categories');

beforeAll(async () => {
  ({ ctx, organisation, host } = await createOrganisationTestContext());
  other = await createOrganisation(ctx.db);
});
afterAll(() => ctx?.close());

type Json = Record<string, unknown>;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  onHost = host,
) {
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { host: onHost, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

/** A signed-in user of the organisation holding exactly these permissions directly. */
async function signedIn(names: string[] = [], organisationId = organisation.id) {
  return createSignedInAccount(ctx.app, organisationId, { permissions: names });
}

async function permissionId(name: string): Promise<number> {
  const [row] = await ctx.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, name));
  if (!row) {
    throw new Error(`no permission ${name}`);
  }
  return row.id;
}

describe('permissions take effect at once, with the same token', () => {
  it('honours a permission granted to a role after the token was signed', async () => {
    const account = await createAccount(ctx.db, organisation.id);
    const roleProfileId = await giveRole(ctx.db, organisation.id, account.id);
    const token = await sessionTokenFor(ctx.app, organisation.id, account.id);
    expect((await call('GET', '/organisation/permission-groups', token)).statusCode).toBe(403);

    await grantToRoleProfile(ctx.db, roleProfileId, [GROUPS.view]);
    expect((await call('GET', '/organisation/permission-groups', token)).statusCode).toBe(200);
    // The token's claim is for display only and still says what was held when it was signed.
    expect((decodeToken(token).user as { permissions: string[] }).permissions).toEqual([]);
  });

  it('refuses at once when a denial is added, and lets through again when it is lifted', async () => {
    const user = await signedIn([GROUPS.view]);
    const admin = await signedIn(['manage-users']);
    expect((await call('GET', '/organisation/permission-groups', user.token)).statusCode).toBe(200);

    const denied = await call('POST', `/users/${user.id}/denied-permissions`, admin.token, {
      permission_id: GROUPS.view,
    });
    expect(denied.statusCode).toBe(201);
    expect((await call('GET', '/organisation/permission-groups', user.token)).statusCode).toBe(403);

    const id = denied.json<{ data: { id: number } }>().data.id;
    expect((await call('DELETE', `/users/${user.id}/denied-permissions/${id}`, admin.token)).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/organisation/permission-groups', user.token)).statusCode).toBe(200);
  });

  it('grants through a group a role profile holds, and stops when the role has ended', async () => {
    const group = await createPermissionGroup(ctx.db, organisation.id, { permissions: [GROUPS.view] });
    const current = await createAccount(ctx.db, organisation.id);
    const currentRole = await giveRole(ctx.db, organisation.id, current.id);
    const ended = await createAccount(ctx.db, organisation.id);
    const endedRole = await giveRole(ctx.db, organisation.id, ended.id, { endDate: '2000-01-01' });
    const currentToken = await sessionTokenFor(ctx.app, organisation.id, current.id);
    const endedToken = await sessionTokenFor(ctx.app, organisation.id, ended.id);

    await giveGroupToRoleProfile(ctx.db, organisation.id, currentRole, group.id);
    await giveGroupToRoleProfile(ctx.db, organisation.id, endedRole, group.id);
    expect((await call('GET', '/organisation/permission-groups', currentToken)).statusCode).toBe(200);
    expect((await call('GET', '/organisation/permission-groups', endedToken)).statusCode).toBe(403);
  });

  it('grants through a group the user holds directly', async () => {
    const group = await createPermissionGroup(ctx.db, organisation.id, { permissions: [GROUPS.view] });
    const user = await signedIn();
    await giveGroupToUser(ctx.db, organisation.id, user.id, group.id);
    expect((await call('GET', '/organisation/permission-groups', user.token)).statusCode).toBe(200);
  });

  it('lets a denial override a role’s grant, a group’s grant and a direct grant together', async () => {
    const group = await createPermissionGroup(ctx.db, organisation.id, { permissions: [GROUPS.view] });
    const user = await signedIn([GROUPS.view]);
    const roleProfileId = await giveRole(ctx.db, organisation.id, user.id);
    await grantToRoleProfile(ctx.db, roleProfileId, [GROUPS.view]);
    await giveGroupToRoleProfile(ctx.db, organisation.id, roleProfileId, group.id);
    await giveGroupToUser(ctx.db, organisation.id, user.id, group.id);
    expect((await call('GET', '/organisation/permission-groups', user.token)).statusCode).toBe(200);

    await denyPermissions(ctx.db, user.id, [GROUPS.view]);
    expect((await call('GET', '/organisation/permission-groups', user.token)).statusCode).toBe(403);
  });

  it('never counts a group of another organisation', async () => {
    const foreign = await createPermissionGroup(ctx.db, other.id, { permissions: [GROUPS.view] });
    const user = await signedIn();
    // Only reachable by writing the row directly: the API refuses another organisation's group.
    await giveGroupToUser(ctx.db, other.id, user.id, foreign.id);
    expect((await call('GET', '/organisation/permission-groups', user.token)).statusCode).toBe(403);
  });
});

describe('/organisation/permission-groups/', () => {
  it('answers 401 without a token and 403 without the permission, before looking at the body', async () => {
    const nobody = await signedIn();
    const reader = await signedIn([GROUPS.view]);
    expect((await call('GET', '/organisation/permission-groups')).statusCode).toBe(401);
    expect((await call('POST', '/organisation/permission-groups', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/organisation/permission-groups', nobody.token)).statusCode).toBe(403);
    expect((await call('GET', '/organisation/permission-groups/1', nobody.token)).statusCode).toBe(403);
    for (const [method, url] of [
      ['POST', '/organisation/permission-groups'],
      ['PUT', '/organisation/permission-groups/1'],
      ['DELETE', '/organisation/permission-groups/1'],
    ] as const) {
      expect((await call(method, url, reader.token, { name: '' })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('creates, lists, shows, changes and deletes a group, naming permissions by id or name', async () => {
    const admin = await signedIn([GROUPS.view, GROUPS.manage]);
    const viewEvents = await permissionId('view-events');
    const created = await call('POST', '/organisation/permission-groups', admin.token, {
      name: 'Event coordinators',
      description: 'Run the events calendar.',
      permission_ids: [viewEvents, 'manage-events', 'view-events'],
    });
    expect(created.statusCode).toBe(201);
    const group = created.json<{ data: Json & { id: number } }>().data;
    expect(group).toMatchObject({
      name: 'Event coordinators',
      description: 'Run the events calendar.',
      permissions: ['manage-events', 'view-events'],
    });

    const list = await call('GET', '/organisation/permission-groups?q=coordinator', admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      data: [{ id: group.id, name: 'Event coordinators' }],
      meta: { current_page: 1, per_page: 25, total: 1 },
    });
    expect((await call('GET', `/organisation/permission-groups/${group.id}`, admin.token)).json()).toEqual({
      data: group,
    });

    const changed = await call('PUT', `/organisation/permission-groups/${group.id}`, admin.token, {
      permission_ids: ['view-events'],
      description: '',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      data: {
        name: 'Event coordinators',
        description: null,
        permission_ids: [viewEvents],
        permissions: ['view-events'],
      },
    });

    expect(
      (await call('DELETE', `/organisation/permission-groups/${group.id}`, admin.token)).statusCode,
    ).toBe(204);
    expect((await call('GET', `/organisation/permission-groups/${group.id}`, admin.token)).statusCode).toBe(
      404,
    );
  });

  it('answers 422 keyed by field for a bad body, an unknown permission and a taken name', async () => {
    const admin = await signedIn([GROUPS.view, GROUPS.manage]);
    const missing = await call('POST', '/organisation/permission-groups', admin.token, { description: 7 });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json<{ errors: Json }>().errors).sort()).toEqual([
      'description',
      'name',
      'permission_ids',
    ]);

    const unknown = await call('POST', '/organisation/permission-groups', admin.token, {
      name: 'Unknown',
      permission_ids: ['view-events', 'fly-to-the-moon', 2_000_000_000],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        'permission_ids.1': ['There is no permission "fly-to-the-moon".'],
        'permission_ids.2': ['There is no permission 2000000000.'],
      },
    });

    await createPermissionGroup(ctx.db, organisation.id, { name: 'Taken name' });
    const taken = await call('POST', '/organisation/permission-groups', admin.token, {
      name: 'TAKEN NAME',
      permission_ids: [],
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({
      errors: { name: ['A permission group of this name already exists.'] },
    });
    // The same name is free in another organisation.
    await createPermissionGroup(ctx.db, other.id, { name: 'Free elsewhere' });
    expect(
      (
        await call('POST', '/organisation/permission-groups', admin.token, {
          name: 'Free elsewhere',
          permission_ids: [],
        })
      ).statusCode,
    ).toBe(201);
    expect((await call('GET', '/organisation/permission-groups/abc', admin.token)).statusCode).toBe(422);
  });

  it('answers 404 for another organisation’s group, and never lists it', async () => {
    const admin = await signedIn([GROUPS.view, GROUPS.manage]);
    const foreign = await createPermissionGroup(ctx.db, other.id, {
      name: 'Foreign group',
      permissions: ['view-events'],
    });
    expect((await call('GET', `/organisation/permission-groups/${foreign.id}`, admin.token)).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', `/organisation/permission-groups/${foreign.id}`, admin.token, { name: 'Mine now' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/organisation/permission-groups/${foreign.id}`, admin.token)).statusCode,
    ).toBe(404);
    const listed = (await call('GET', '/organisation/permission-groups?per_page=100', admin.token)).json<{
      data: Array<{ id: number }>;
    }>();
    expect(listed.data.map((group) => group.id)).not.toContain(foreign.id);
    // A token of this organisation is no token at all on another organisation's host.
    expect(
      (await call('GET', '/organisation/permission-groups', admin.token, undefined, other.hosts[0]))
        .statusCode,
    ).toBe(401);
  });
});

describe('/organisation/permissions/', () => {
  it('lists the vocabulary with categories, filtered by category or text', async () => {
    const reader = await signedIn([PERMISSIONS.view]);
    const events = await call('GET', '/organisation/permissions?category=events', reader.token);
    expect(events.statusCode).toBe(200);
    expect(events.json()).toEqual({
      data: [
        expect.objectContaining({ name: 'manage-events', category: 'Events', category_id: 'events' }),
        expect.objectContaining({ name: 'view-events', category: 'Events', description: 'See events.' }),
      ],
      meta: { current_page: 1, per_page: 25, total: 2 },
    });
    const searched = await call('GET', '/organisation/permissions?q=role-profiles', reader.token);
    expect(searched.json<{ data: Array<{ name: string }> }>().data.map((row) => row.name)).toEqual(
      expect.arrayContaining(['manage-role-profiles', 'view-role-profiles']),
    );
    expect(
      (await call('GET', '/organisation/permissions?category=nothing-here', reader.token)).json(),
    ).toMatchObject({
      data: [],
      meta: { total: 0 },
    });
    expect((await call('GET', '/organisation/permissions?per_page=101', reader.token)).statusCode).toBe(422);
  });

  it('guards with view- and manage-permissions', async () => {
    const reader = await signedIn([PERMISSIONS.view]);
    const nobody = await signedIn();
    expect((await call('GET', '/organisation/permissions')).statusCode).toBe(401);
    expect((await call('GET', '/organisation/permissions', nobody.token)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/organisation/permissions/1', reader.token, { description: 'x' })).statusCode,
    ).toBe(403);
  });

  it('changes only the organisation’s own description; name and category stay', async () => {
    const admin = await signedIn([PERMISSIONS.view, PERMISSIONS.manage]);
    const elsewhere = await signedIn([PERMISSIONS.view], other.id);
    const id = await permissionId('view-events');
    const changed = await call('PUT', `/organisation/permissions/${id}`, admin.token, {
      description: 'See the events calendar and who is coming.',
      name: 'renamed',
      category: 'Other',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      data: {
        id,
        name: 'view-events',
        category: 'Events',
        category_id: 'events',
        description: 'See the events calendar and who is coming.',
      },
    });
    const seenElsewhere = await call(
      'GET',
      `/organisation/permissions/${id}`,
      elsewhere.token,
      undefined,
      other.hosts[0],
    );
    expect(seenElsewhere.json()).toMatchObject({ data: { description: 'See events.' } });

    const restored = await call('PUT', `/organisation/permissions/${id}`, admin.token, { description: null });
    expect(restored.json()).toMatchObject({ data: { description: 'See events.' } });
    expect(
      (await call('PUT', `/organisation/permissions/${id}`, admin.token, { description: 'x'.repeat(1001) }))
        .statusCode,
    ).toBe(422);
    expect((await call('PUT', '/organisation/permissions/2000000000', admin.token, {})).statusCode).toBe(404);
  });

  it('neither creates nor deletes permissions (§6)', async () => {
    const admin = await signedIn([PERMISSIONS.view, PERMISSIONS.manage]);
    const id = await permissionId('view-events');
    const store = await call('POST', '/organisation/permissions', admin.token, {
      name: 'invented',
      category: 'X',
    });
    const del = await call('DELETE', `/organisation/permissions/${id}`, admin.token);
    // The generic catalogue module answers these (405 once it refuses disabled operations).
    expect(store.statusCode).toBeGreaterThanOrEqual(400);
    expect(del.statusCode).toBeGreaterThanOrEqual(400);
    expect(await ctx.db.select().from(permissions).where(eq(permissions.name, 'invented'))).toEqual([]);
    expect(await permissionId('view-events')).toBe(id);
  });
});

describe('/organisation/permission-categories/', () => {
  it('lists and shows the categories the permissions use, read-only', async () => {
    const reader = await signedIn([CATEGORIES.view]);
    expect((await call('GET', '/organisation/permission-categories')).statusCode).toBe(401);
    expect(
      (await call('GET', '/organisation/permission-categories', (await signedIn()).token)).statusCode,
    ).toBe(403);
    const list = await call('GET', '/organisation/permission-categories?per_page=100', reader.token);
    expect(list.statusCode).toBe(200);
    const categories = list.json<{ data: Array<{ id: string; name: string }>; meta: { total: number } }>();
    expect(categories.data).toEqual(
      expect.arrayContaining([{ id: 'events', name: 'Events', permission_count: 2 }]),
    );
    expect(categories.meta.total).toBeGreaterThan(10);

    expect(
      (await call('GET', '/organisation/permission-categories/task-statuses', reader.token)).json(),
    ).toEqual({
      data: { id: 'task-statuses', name: 'Task statuses', permission_count: 2 },
    });
    expect(
      (await call('GET', '/organisation/permission-categories/nothing-here', reader.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', '/organisation/permission-categories/Not%20An%20Id', reader.token)).statusCode,
    ).toBe(422);
  });
});

describe('permission store and delete, and category writes, are not this module’s routes', () => {
  it('registers only the enabled operations', async () => {
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('db', ctx.db);
    app.decorate('requireAuth', async () => undefined);
    app.decorate('requirePermission', () => async () => undefined);
    await app.register(registerPermissionsModule, { prefix: '/api' });
    await app.ready();
    const has = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) => app.hasRoute({ method, url });
    expect(has('GET', '/api/organisation/permissions')).toBe(true);
    expect(has('PUT', '/api/organisation/permissions/:id')).toBe(true);
    expect(has('POST', '/api/organisation/permissions')).toBe(false);
    expect(has('DELETE', '/api/organisation/permissions/:id')).toBe(false);
    expect(has('GET', '/api/organisation/permission-categories/:id')).toBe(true);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect(has(method, '/api/organisation/permission-categories')).toBe(false);
      expect(has(method, '/api/organisation/permission-categories/:id')).toBe(false);
    }
    await app.close();
  });
});

describe('/users/{userId}/denied-permissions/', () => {
  it('lets the user read their own denials, and anyone else only with view-users', async () => {
    const user = await signedIn();
    const stranger = await signedIn();
    const staff = await signedIn(['view-users']);
    await denyPermissions(ctx.db, user.id, ['manage-events']);
    const own = await call('GET', `/users/${user.id}/denied-permissions`, user.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      data: [
        {
          id: await permissionId('manage-events'),
          permission_id: await permissionId('manage-events'),
          name: 'manage-events',
          category: 'Events',
        },
      ],
      meta: { current_page: 1, per_page: 25, total: 1 },
    });
    expect((await call('GET', `/users/${user.id}/denied-permissions`)).statusCode).toBe(401);
    expect((await call('GET', `/users/${user.id}/denied-permissions`, stranger.token)).statusCode).toBe(403);
    expect((await call('GET', `/users/${user.id}/denied-permissions`, staff.token)).statusCode).toBe(200);
    const id = await permissionId('manage-events');
    expect((await call('GET', `/users/${user.id}/denied-permissions/${id}`, user.token)).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', `/users/${user.id}/denied-permissions/${id + 100000}`, user.token)).statusCode,
    ).toBe(404);
  });

  it('needs manage-users to deny, and answers 422 for an unknown or repeated permission', async () => {
    const user = await signedIn();
    const staff = await signedIn(['view-users']);
    const admin = await signedIn(['manage-users']);
    expect((await call('POST', `/users/${user.id}/denied-permissions`, undefined, {})).statusCode).toBe(401);
    // Not even their own: a user cannot lift or add denials without manage-users.
    expect((await call('POST', `/users/${user.id}/denied-permissions`, user.token, {})).statusCode).toBe(403);
    expect((await call('POST', `/users/${user.id}/denied-permissions`, staff.token, {})).statusCode).toBe(
      403,
    );

    const bad = await call('POST', `/users/${user.id}/denied-permissions`, admin.token, {});
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { permission_id: [expect.any(String) as string] } });
    const unknown = await call('POST', `/users/${user.id}/denied-permissions`, admin.token, {
      permission_id: 'nope',
    });
    expect(unknown.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { permission_id: ['There is no permission "nope".'] },
    });
    const id = await permissionId('view-events');
    expect(
      (await call('POST', `/users/${user.id}/denied-permissions`, admin.token, { permission_id: id }))
        .statusCode,
    ).toBe(201);
    const again = await call('POST', `/users/${user.id}/denied-permissions`, admin.token, {
      permission_id: id,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      errors: { permission_id: ['This permission is already denied to the user.'] },
    });

    const moved = await call('PUT', `/users/${user.id}/denied-permissions/${id}`, admin.token, {
      permission_id: 'manage-events',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ data: { name: 'manage-events' } });
    expect((await call('GET', `/users/${user.id}/denied-permissions/${id}`, admin.token)).statusCode).toBe(
      403,
    );
  });

  it('answers 404 for a user of another organisation', async () => {
    const admin = await signedIn(['manage-users', 'view-users']);
    const foreign = await createAccount(ctx.db, other.id);
    expect((await call('GET', `/users/${foreign.id}/denied-permissions`, admin.token)).statusCode).toBe(404);
    expect(
      (
        await call('POST', `/users/${foreign.id}/denied-permissions`, admin.token, {
          permission_id: 'view-events',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/users/${foreign.id}/denied-permissions/1`, admin.token)).statusCode).toBe(
      404,
    );
  });
});

describe('grants of role profiles and users', () => {
  it('replaces what a role profile grants, and its holders hold it at once', async () => {
    const admin = await signedIn([PERMISSIONS.view, PERMISSIONS.manage]);
    const holder = await createAccount(ctx.db, organisation.id);
    const roleProfileId = await giveRole(ctx.db, organisation.id, holder.id);
    const token = await sessionTokenFor(ctx.app, organisation.id, holder.id);
    const group = await createPermissionGroup(ctx.db, organisation.id, { permissions: [GROUPS.view] });
    const url = `/organisation/role-profiles/${roleProfileId}/permissions`;

    expect((await call('PUT', url, undefined, {})).statusCode).toBe(401);
    expect((await call('PUT', url, token, {})).statusCode).toBe(403);
    const set = await call('PUT', url, admin.token, {
      permission_ids: ['view-events'],
      permission_group_ids: [group.id],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      data: {
        permission_ids: [await permissionId('view-events')],
        permissions: ['view-events'],
        permission_group_ids: [group.id],
      },
    });
    expect((await call('GET', '/organisation/permission-groups', token)).statusCode).toBe(200);
    expect((await call('GET', url, admin.token)).json()).toEqual(set.json());

    const foreignGroup = await createPermissionGroup(ctx.db, other.id);
    const refused = await call('PUT', url, admin.token, {
      permission_group_ids: [group.id, foreignGroup.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { 'permission_group_ids.1': ['There is no such permission group.'] },
    });

    const foreignRole = await giveRole(ctx.db, other.id, (await createAccount(ctx.db, other.id)).id);
    expect(
      (await call('GET', `/organisation/role-profiles/${foreignRole}/permissions`, admin.token)).statusCode,
    ).toBe(404);
  });

  it('replaces what a user holds directly and reports what they hold in all', async () => {
    const admin = await signedIn([PERMISSIONS.manage, 'view-users']);
    const user = await signedIn();
    const group = await createPermissionGroup(ctx.db, organisation.id, {
      permissions: [GROUPS.view, GROUPS.manage],
    });
    await denyPermissions(ctx.db, user.id, [GROUPS.manage]);
    const url = `/users/${user.id}/permissions`;
    expect((await call('PUT', url, user.token, { permission_ids: ['view-events'] })).statusCode).toBe(403);

    const set = await call('PUT', url, admin.token, {
      permission_ids: ['view-events'],
      permission_group_ids: [group.id],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      data: {
        permissions: ['view-events'],
        permission_group_ids: [group.id],
        denied_permission_ids: [await permissionId(GROUPS.manage)],
        effective_permissions: ['view-events', GROUPS.view],
      },
    });
    expect((await call('GET', url, user.token)).json()).toEqual(set.json());
    expect((await call('GET', url, (await signedIn()).token)).statusCode).toBe(403);
    expect((await call('GET', '/organisation/permission-groups', user.token)).statusCode).toBe(200);
  });
});

describe('the permission vocabulary', () => {
  it('holds every view and manage permission of the catalogue and every guard’s name, by family', async () => {
    const rows = await ctx.db.select().from(permissions);
    const names = new Set(rows.map((row) => row.name));
    for (const entry of catalogue) {
      const { view, manage } = resourcePermissions(entry);
      expect(names.has(view) && names.has(manage), entry.name).toBe(true);
    }
    for (const name of ctx.app.guardedPermissions) {
      expect(names.has(name), name).toBe(true);
    }
    expect(rows.find((row) => row.name === 'view-role-profiles')?.category).toBe('Role profiles');
    // Names the reference data files elsewhere keep their category.
    expect(rows.find((row) => row.name === 'manage-permissions')?.category).toBe('Organisation');
  });

  it('is idempotent: running again adds nothing and keeps ids', async () => {
    const before = await ctx.db.select().from(permissions);
    await ensurePermissionVocabulary(ctx.db, ['view-users']);
    const after = await ctx.db.select().from(permissions);
    expect(after).toEqual(before);
    expect(catalogueVocabulary().length).toBeGreaterThan(100);
  });
});

describe('guards say what they need', () => {
  it('tags requirePermission and requireAuth with their required access', () => {
    expect(requiredAccessOf(ctx.app.requirePermission('view-events'))).toBe('view-events');
    expect(requiredAccessOf(ctx.app.requireAuth)).toBe('signed-in');
    expect(requiredAccessOf(async () => undefined)).toBeUndefined();
  });
});
