import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  permissionGroupPermissions,
  permissionGroups,
  userDeniedPermissions,
  userPermissions,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { SCOPED_ANSWER_TABLES, type AnswerCache } from '../../plugins/answer-cache.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import {
  createAccount,
  createPermissionGroup,
  decodeToken,
  denyPermissions,
  ensurePermissions,
  giveGroupToUser,
  giveRole,
  grantToRoleProfile,
  sessionTokenFor,
} from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { cachedPermissionNames, PERMISSION_TABLES, permissionsKey } from './permission-cache.js';
import { SESSION_TABLES, sessionKey } from './session-cache.js';

// Issue 13: a signed-in request reads the caller's permissions from the answer cache, not with a
// four-way union each time; every committed write to a table they come from forgets them at once.

let ctx: TestContext;
let organisationId: number;
const host = 'permission-cache.test';
const VIEW = 'view-tasks';

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
});
afterAll(() => ctx?.close());

/** A permission-guarded read (`view-tasks`); answers its status. */
async function listTasks(token: string): Promise<number> {
  const response = await ctx.app.inject({
    url: '/api/tasks?per_page=1',
    headers: { host, authorization: `Bearer ${token}` },
  });
  return response.statusCode;
}

/**
 * The permission names the answer cache keeps for the user, or null when it keeps none (a probe:
 * `remember` builds only when nothing is kept).
 */
async function keptFor(userId: number): Promise<string[] | null> {
  const build = vi.fn(async () => ({ names: [], until: 0 }));
  const kept = await ctx.app.answerCache.remember(permissionsKey(organisationId, userId), build, {
    tables: PERMISSION_TABLES,
  });
  ctx.app.answerCache.clear();
  return build.mock.calls.length === 0 ? kept.names : null;
}

async function signedIn(options: { permissions?: string[] } = {}) {
  const account = await createAccount(ctx.db, organisationId, options);
  const token = await sessionTokenFor(ctx.app, organisationId, account.id);
  return { account, token };
}

async function permissionId(name: string): Promise<number> {
  const [id] = await ensurePermissions(ctx.db, [name]);
  if (id === undefined) {
    throw new Error(`no permission ${name}`);
  }
  return id;
}

describe('permissions of a signed-in request', () => {
  it('are read once, then served from the cache', async () => {
    const { account, token } = await signedIn({ permissions: [VIEW] });
    expect(await listTasks(token)).toBe(200);
    expect(await keptFor(account.id)).toEqual([VIEW]);
  });

  it('lose a direct grant on the very next request', async () => {
    const { account, token } = await signedIn({ permissions: [VIEW] });
    expect(await listTasks(token)).toBe(200);
    await ctx.db
      .delete(userPermissions)
      .where(
        and(
          eq(userPermissions.userId, account.id),
          eq(userPermissions.permissionId, await permissionId(VIEW)),
        ),
      );
    expect(await listTasks(token)).toBe(403);
  });

  it('gain a grant on the very next request', async () => {
    const { account, token } = await signedIn();
    expect(await listTasks(token)).toBe(403);
    await ctx.db
      .insert(userPermissions)
      .values({ userId: account.id, permissionId: await permissionId(VIEW) });
    expect(await listTasks(token)).toBe(200);
  });

  it('lose a permission to a denial on the very next request', async () => {
    const { account, token } = await signedIn({ permissions: [VIEW] });
    expect(await listTasks(token)).toBe(200);
    await denyPermissions(ctx.db, account.id, [VIEW]);
    expect(await listTasks(token)).toBe(403);
    await ctx.db.delete(userDeniedPermissions).where(eq(userDeniedPermissions.userId, account.id));
    expect(await listTasks(token)).toBe(200);
  });

  it('lose a role’s permissions when the role is ended or taken away', async () => {
    const { account, token } = await signedIn();
    const roleProfileId = await giveRole(ctx.db, organisationId, account.id);
    await grantToRoleProfile(ctx.db, roleProfileId, [VIEW]);
    expect(await listTasks(token)).toBe(200);
    await ctx.db.update(userRoles).set({ endDate: '2000-01-01' }).where(eq(userRoles.userId, account.id));
    expect(await listTasks(token)).toBe(403);
    await ctx.db.update(userRoles).set({ endDate: null }).where(eq(userRoles.userId, account.id));
    expect(await listTasks(token)).toBe(200);
    await ctx.db.delete(userRoles).where(eq(userRoles.userId, account.id));
    expect(await listTasks(token)).toBe(403);
  });

  it('lose a group’s permissions when the group loses them or is deleted (by cascade)', async () => {
    const { account, token } = await signedIn();
    const group = await createPermissionGroup(ctx.db, organisationId, { permissions: [VIEW] });
    await giveGroupToUser(ctx.db, organisationId, account.id, group.id);
    expect(await listTasks(token)).toBe(200);
    await ctx.db
      .delete(permissionGroupPermissions)
      .where(eq(permissionGroupPermissions.permissionGroupId, group.id));
    expect(await listTasks(token)).toBe(403);

    const second = await createPermissionGroup(ctx.db, organisationId, { permissions: [VIEW] });
    await giveGroupToUser(ctx.db, organisationId, account.id, second.id);
    expect(await listTasks(token)).toBe(200);
    // The rows of user_permission_groups go by cascade: the write names permission_groups only.
    await ctx.db.delete(permissionGroups).where(eq(permissionGroups.id, second.id));
    expect(await listTasks(token)).toBe(403);
  });

  it('hold only until the database’s midnight, when a role may end', async () => {
    const { account } = await signedIn({ permissions: [VIEW] });
    let built: { names: string[]; until: number } | undefined;
    const building = {
      remember: async <T>(_key: string, build: () => Promise<T>) => {
        const value = await build();
        built = value as typeof built;
        return value;
      },
    } as unknown as AnswerCache;
    const before = Date.now();
    expect(await cachedPermissionNames(building, ctx.db)(organisationId, account.id)).toEqual([VIEW]);
    expect(built?.until).toBeGreaterThan(before);
    expect(built?.until).toBeLessThanOrEqual(before + 24 * 60 * 60 * 1000 + 1000);

    // Names read before a midnight that has passed are not used: they are read afresh.
    const stale = {
      remember: async () => ({ names: ['stale-permission'], until: Date.now() - 1 }),
    } as unknown as AnswerCache;
    expect(await cachedPermissionNames(stale, ctx.db)(organisationId, account.id)).toEqual([VIEW]);
  });

  it('stay kept, with the sign-in, when a person is added or changed; go when one is deleted', async () => {
    const { account, token } = await signedIn({ permissions: [VIEW] });
    expect(await listTasks(token)).toBe(200);
    const jti = String(decodeToken(token).jti);
    // A new applicant and a heartbeat write to users; neither changes this person's answers.
    const newcomer = await createAccount(ctx.db, organisationId);
    await ctx.db.update(users).set({ lastActivityAt: new Date() }).where(eq(users.id, account.id));
    const sessionBuild = vi.fn(async () => null);
    await ctx.app.answerCache.remember(sessionKey(organisationId, jti), sessionBuild, {
      tables: SESSION_TABLES,
    });
    expect(sessionBuild).not.toHaveBeenCalled();
    expect(await keptFor(account.id)).toEqual([VIEW]);

    expect(await listTasks(token)).toBe(200);
    await ctx.db.delete(users).where(eq(users.id, newcomer.id));
    expect(await keptFor(account.id)).toBeNull();
  });

  it('are kept in tables the answer cache forgets by name', () => {
    for (const table of PERMISSION_TABLES) {
      expect(SCOPED_ANSWER_TABLES.has(table)).toBe(true);
    }
  });

  it('are never another user’s, nor shared with a request that changes them', async () => {
    const holder = await signedIn({ permissions: [VIEW] });
    const other = await signedIn();
    expect(await listTasks(holder.token)).toBe(200);
    expect(await listTasks(other.token)).toBe(403);
    expect(await listTasks(holder.token)).toBe(200);
  });
});
