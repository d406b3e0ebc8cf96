import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcePermissions } from '@muster/contract';
import { tasks } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { createTenant } from '../test/factories/catalogue.js';
import { statementsDuring } from '../test/statements.js';

// What a signed-in catalogue index asks the database per request: one statement for the page with
// its total. The token's look-up with its sign-in and the caller's permissions come from the answer
// cache, and the session's last use is written at most once a minute, so none costs a statement here.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const VIEW_TASKS = resourcePermissions('tasks').view;

/** One organisation with `count` tasks and a caller who may list them. */
async function tenantWithTasks(count: number) {
  const tenant = await createTenant(ctx.app, { viewer: [VIEW_TASKS], nobody: [] });
  if (count > 0) {
    await ctx.db.insert(tasks).values(
      Array.from({ length: count }, (_, index) => ({
        organisationId: tenant.id,
        title: `Task ${String(index + 1)}`,
        dueDate: `2026-03-${String(10 + index).padStart(2, '0')}`,
      })),
    );
  }
  return tenant;
}

type Page = {
  data: Array<{ title: string }>;
  meta: { current_page: number; per_page: number; total: number };
};

function list(headers: { host: string; authorization: string }, query: string) {
  return ctx.app.inject({ url: `/api/tasks?${query}`, headers });
}

describe('GET /api/tasks, signed in', () => {
  it('asks one statement, the page with its total', async () => {
    const tenant = await tenantWithTasks(3);
    // The first request reads the token's sign-in and the caller's permissions into the answer cache.
    expect((await list(tenant.viewer, 'per_page=2')).statusCode).toBe(200);

    const responses: Array<Awaited<ReturnType<typeof list>>> = [];
    const { executed: statements } = await statementsDuring(async () => {
      responses.push(await list(tenant.viewer, 'per_page=2'));
    });
    expect(responses[0]?.statusCode).toBe(200);
    expect(responses[0]?.json<Page>().meta).toEqual({ current_page: 1, per_page: 2, total: 3 });
    expect(statements).toHaveLength(1);
    const [page] = statements;
    // The page, scoped by organisation, and its total from the same statement.
    expect(page).toMatch(/from "tasks"/);
    expect(page).toMatch(/"organisation_id" = \$1/);
    expect(page).toMatch(/count\(\*\)/);
  });

  it('refuses a token on the request after its sign-out, though its look-up was kept', async () => {
    const tenant = await tenantWithTasks(1);
    expect((await list(tenant.viewer, 'per_page=2')).statusCode).toBe(200);
    const signOut = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: tenant.viewer });
    expect(signOut.statusCode, signOut.body).toBe(303);
    expect((await list(tenant.viewer, 'per_page=2')).statusCode).toBe(401);
  });

  it('keeps the total exact on every page, past the last one and with a filter', async () => {
    const tenant = await tenantWithTasks(5);
    // Another organisation's tasks are never counted or listed.
    await tenantWithTasks(4);
    const second = await list(tenant.viewer, 'per_page=2&page=2');
    expect(second.json<Page>().data.map((task) => task.title)).toEqual(['Task 3', 'Task 4']);
    expect(second.json<Page>().meta).toEqual({ current_page: 2, per_page: 2, total: 5 });
    const last = await list(tenant.viewer, 'per_page=2&page=3');
    expect(last.json<Page>().data.map((task) => task.title)).toEqual(['Task 5']);
    expect(last.json<Page>().meta.total).toBe(5);
    const past = await list(tenant.viewer, 'per_page=2&page=9');
    expect(past.json<Page>()).toEqual({ data: [], meta: { current_page: 9, per_page: 2, total: 5 } });
    const filtered = await list(tenant.viewer, 'per_page=1&title=Task%202');
    expect(filtered.json<Page>()).toEqual({
      data: [expect.objectContaining({ title: 'Task 2' })],
      meta: { current_page: 1, per_page: 1, total: 1 },
    });
    const sorted = await list(tenant.viewer, 'per_page=2&sort=-due_date');
    expect(sorted.json<Page>().data.map((task) => task.title)).toEqual(['Task 5', 'Task 4']);
    expect(sorted.json<Page>().meta.total).toBe(5);
  });

  it('answers an empty organisation with a total of 0', async () => {
    const tenant = await tenantWithTasks(0);
    const response = await list(tenant.viewer, 'per_page=25');
    expect(response.json<Page>()).toEqual({ data: [], meta: { current_page: 1, per_page: 25, total: 0 } });
  });

  it('refuses a token on the request after its sign-in ended, though it was just verified', async () => {
    const tenant = await tenantWithTasks(1);
    expect((await list(tenant.viewer, 'per_page=1')).statusCode).toBe(200);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { host: tenant.host, authorization: tenant.viewer.authorization },
      payload: {},
    });
    expect(logout.statusCode).toBe(303);
    expect((await list(tenant.viewer, 'per_page=1')).statusCode).toBe(401);
  });

  it('refuses a caller without the permission', async () => {
    const tenant = await tenantWithTasks(1);
    expect((await list(tenant.nobody, 'per_page=1')).statusCode).toBe(403);
  });
});
