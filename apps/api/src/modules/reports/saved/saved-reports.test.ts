import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleProfiles, savedReports, teams, userRoles } from '../../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { denyPermissions } from '../../../test/factories/auth.js';
import { createUser } from '../../../test/factories/user.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';

/*
 * Saved reports: the generic store, show, update and delete the spec leaves enabled on the report
 * and analytics routes keep a named report with its filters, and show runs it again. What a saved
 * report answers is compared with the report it names, asked with the same filters.
 */

let ctx: TestContext;
let a: Tenant;
let b: Tenant;
let reader: Caller;
let colleague: Caller;
let diversityReader: Caller;
let nobody: Caller;
let otherReader: Caller;
const team = { north: 0, south: 0 };

type Saved = {
  id: number;
  route: string;
  name: string;
  report: string;
  params: Record<string, number>;
  query: Record<string, unknown>;
  created_by: number | null;
  result?: { data: { label: string; count: number }[]; meta: { from: string; to: string; team: number[] } };
};
type Failure = { message: string; errors?: Record<string, string[]> };

const call = (caller: Caller | { host: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
  callAs(ctx.app, 'headers' in caller ? caller.headers : caller, method, url, body);

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  b = await createTenant(ctx.app);
  reader = await a.person(['view-reports']);
  colleague = await a.person(['view-reports']);
  diversityReader = await a.person(['view-reports', 'view-diversity-reports']);
  nobody = await a.person([]);
  otherReader = await b.person(['view-reports']);
  for (const name of Object.keys(team) as (keyof typeof team)[]) {
    const [row] = await ctx.db.insert(teams).values({ organisationId: a.id, name }).returning();
    team[name] = row?.id ?? 0;
  }
  const [driver] = await ctx.db.insert(roleProfiles).values({ organisationId: a.id, displayName: 'driver' }).returning();
  // Three drivers in the north, one in the south, all in 2026.
  for (const where of ['north', 'north', 'north', 'south'] as const) {
    const user = await createUser(ctx.db, a.id);
    await ctx.db.insert(userRoles).values({
      organisationId: a.id,
      userId: user.id,
      teamId: team[where],
      roleProfileId: driver?.id ?? 0,
      createdAt: new Date('2026-02-01T09:00:00Z'),
    });
  }
});
afterAll(() => ctx?.close());

const driversOf = (saved: Saved) => saved.result?.data.find((row) => row.label === 'driver')?.count;

describe('saving a report (POST {route})', () => {
  it('keeps a report of the route with its filters, and show runs it with them', async () => {
    const created = await call(reader, 'POST', '/api/reports/users/', {
      name: 'Northern drivers, 2026',
      report: '/reports/users/by-role',
      query: { from: '2026-01-01', to: '2026-12-31', team: [team.north] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json<Saved>();
    expect(saved).toMatchObject({
      route: '/reports/users/',
      name: 'Northern drivers, 2026',
      report: '/reports/users/by-role',
      params: {},
      query: { from: '2026-01-01', to: '2026-12-31', team: [team.north] },
      created_by: reader.id,
    });

    const shown = await call(colleague, 'GET', `/api/reports/users/${saved.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const run = shown.json<Saved>();
    expect(driversOf(run)).toBe(3);
    const direct = await call(reader, 'GET', `/api/reports/users/by-role?from=2026-01-01&to=2026-12-31&team=${team.north}`);
    expect(run.result).toEqual(direct.json());

    // Another driver joins the north: the saved report counts them the next time it is run.
    const user = await createUser(ctx.db, a.id);
    const [role] = await ctx.db.select().from(roleProfiles);
    await ctx.db.insert(userRoles).values({
      organisationId: a.id,
      userId: user.id,
      teamId: team.north,
      roleProfileId: role?.id ?? 0,
      createdAt: new Date('2026-03-01T09:00:00Z'),
    });
    const again = await call(reader, 'GET', `/api/reports/users/${saved.id}`);
    expect(driversOf(again.json<Saved>())).toBe(4);
  });

  it('without saved dates, runs over the twelve months to the day it is run', async () => {
    const created = await call(reader, 'POST', '/api/reports/users/', { name: 'Rolling', report: '/reports/users/by-role/' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Saved>().report).toBe('/reports/users/by-role');
    const run = (await call(reader, 'GET', `/api/reports/users/${created.json<Saved>().id}`)).json<Saved>();
    const direct = (await call(reader, 'GET', '/api/reports/users/by-role')).json<{ meta: { from: string; to: string } }>();
    expect(run.result?.meta.from).toBe(direct.meta.from);
    expect(run.result?.meta.to).toBe(direct.meta.to);
  });

  it('keeps the path values of a report that needs them', async () => {
    const missing = await call(reader, 'POST', '/api/reports/users/', {
      name: 'One category',
      report: '/reports/users/skills/dynamic-skill-category/{id}',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<Failure>().errors).toEqual({ 'params.id': ['Please give the id this report needs.'] });
    const extra = await call(reader, 'POST', '/api/reports/users/', {
      name: 'By role',
      report: '/reports/users/by-role',
      params: { id: 4 },
    });
    expect(extra.json<Failure>().errors).toEqual({ 'params.id': ['This report takes no id.'] });
    const given = await call(reader, 'POST', '/api/reports/users/', {
      name: 'One category',
      report: '/reports/users/skills/dynamic-skill-category/{id}',
      params: { id: 7 },
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json<Saved>().params).toEqual({ id: 7 });
  });

  it('answers 422 at the field for a bad name, a report of another route, reversed dates and a second report of the same name', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ name: '  ', report: '/reports/users/by-role' }, { name: ['Please give the saved report a name.'] }],
      [{ name: 'x'.repeat(121), report: '/reports/users/by-role' }, { name: ['The name may be at most 120 characters.'] }],
      [
        { name: 'Expenses', report: '/reports/expenses/overview' },
        { report: ['Please choose one of the reports under /reports/users/.'] },
      ],
      [
        { name: 'Backwards', report: '/reports/users/by-role', query: { from: '2026-05-01', to: '2026-04-01' } },
        { 'query.to': ['The end of the period must be on or after its start.'] },
      ],
      [
        { name: 'Bad team', report: '/reports/users/by-role', query: { team: ['north'] } },
        { 'query.team.0': ['Each team must be named by its id.'] },
      ],
      [{ name: 'Northern drivers, 2026', report: '/reports/users/leavers' }, { name: ['A saved report of that name already exists here.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await call(reader, 'POST', '/api/reports/users/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json<Failure>().errors).toEqual(errors);
    }
  });

  it('refuses the anonymous (401), a caller without view-reports (403) and one whose view-reports is denied (403)', async () => {
    const body = { name: 'Anything', report: '/reports/users/by-role' };
    expect((await call(a.anonymous, 'POST', '/api/reports/users/', body)).statusCode).toBe(401);
    expect((await call(nobody, 'POST', '/api/reports/users/', body)).statusCode).toBe(403);
    const denied = await a.person(['view-reports']);
    await denyPermissions(ctx.db, denied.id, ['view-reports']);
    expect((await call(denied, 'POST', '/api/reports/users/', body)).statusCode).toBe(403);
    // Checked before the body: a caller who may not read learns nothing of the rules.
    expect((await call(nobody, 'POST', '/api/reports/users/', {})).statusCode).toBe(403);
  });

  it('saves and runs diversity figures only for those who may read them', async () => {
    const body = { name: 'Diversity overview', report: '/reports/overview/diversity' };
    const refused = await call(reader, 'POST', '/api/reports/overview/', body);
    expect(refused.statusCode).toBe(403);
    const created = await call(diversityReader, 'POST', '/api/reports/overview/', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Saved>().id;
    expect((await call(diversityReader, 'GET', `/api/reports/overview/${id}`)).statusCode).toBe(200);
    expect((await call(reader, 'GET', `/api/reports/overview/${id}`)).statusCode).toBe(403);
  });
});

describe('showing, listing, changing and deleting saved reports', () => {
  it('shows a saved report only under its own route and organisation (404 otherwise)', async () => {
    const created = await call(reader, 'POST', '/api/reports/users/', { name: 'Leavers', report: '/reports/users/leavers' });
    const id = created.json<Saved>().id;
    expect((await call(reader, 'GET', `/api/reports/expenses/${id}`)).statusCode).toBe(404);
    expect((await call(otherReader, 'GET', `/api/reports/users/${id}`)).statusCode).toBe(404);
    expect((await call(reader, 'GET', '/api/reports/users/no-such-report')).statusCode).toBe(404);
    expect((await call(reader, 'GET', '/api/reports/users/99999999999')).statusCode).toBe(404);
    // A named report still answers at its own path.
    expect((await call(reader, 'GET', '/api/reports/users/leavers')).statusCode).toBe(200);
  });

  it('lists and changes saved analytics, the creator only', async () => {
    const first = await call(reader, 'POST', '/api/analytics/training/', {
      name: 'Compulsory training',
      report: '/analytics/training/compulsory-training',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(colleague, 'POST', '/api/analytics/training/', {
      name: 'By person',
      report: '/analytics/training/by-user',
    });
    const listed = await call(reader, 'GET', '/api/analytics/training/?per_page=1');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      data: [expect.objectContaining({ id: second.json<Saved>().id, name: 'By person' })],
      meta: { current_page: 1, per_page: 1, total: 2 },
    });
    expect((await call(reader, 'GET', '/api/analytics/training/?per_page=101')).statusCode).toBe(422);
    expect((await call(otherReader, 'GET', '/api/analytics/training/')).json<{ meta: { total: number } }>().meta.total).toBe(0);

    const id = first.json<Saved>().id;
    const notTheirs = await call(colleague, 'PUT', `/api/analytics/training/${id}`, { name: 'Mine now' });
    expect(notTheirs.statusCode).toBe(403);
    const renamed = await call(reader, 'PUT', `/api/analytics/training/${id}`, {
      name: 'Compulsory, this year',
      query: { from: '2026-01-01' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Saved>()).toMatchObject({ name: 'Compulsory, this year', query: { from: '2026-01-01' } });
    const taken = await call(reader, 'PUT', `/api/analytics/training/${id}`, { name: 'By person' });
    expect(taken.json<Failure>().errors).toEqual({ name: ['A saved report of that name already exists here.'] });
    const elsewhere = await call(reader, 'PUT', `/api/analytics/training/${id}`, { report: '/reports/users/by-role' });
    expect(elsewhere.statusCode).toBe(422);

    // The analytics root keeps saved reports of any analytics call.
    const root = await call(reader, 'POST', '/api/analytics/', { name: 'Key stats', report: '/analytics/key-stats' });
    expect(root.statusCode, root.body).toBe(201);
    expect((await call(reader, 'GET', `/api/analytics/${root.json<Saved>().id}`)).statusCode).toBe(200);
  });

  it('deletes a saved report, the creator only; then it is gone', async () => {
    const created = await call(reader, 'POST', '/api/reports/expenses/', { name: 'Claims', report: '/reports/expenses/by-claim' });
    const id = created.json<Saved>().id;
    expect((await call(colleague, 'DELETE', `/api/reports/expenses/${id}`)).statusCode).toBe(403);
    expect((await call(otherReader, 'DELETE', `/api/reports/expenses/${id}`)).statusCode).toBe(404);
    expect((await call(reader, 'DELETE', `/api/reports/expenses/${id}`)).statusCode).toBe(204);
    expect((await call(reader, 'GET', `/api/reports/expenses/${id}`)).statusCode).toBe(404);
    const rows = await ctx.db.select().from(savedReports);
    expect(rows.some((row) => row.id === id)).toBe(false);
  });

  it('still refuses what the spec disables on report routes: update and index (405)', async () => {
    const update = await call(reader, 'PUT', '/api/reports/users/1', { name: 'x' });
    expect(update.statusCode).toBe(405);
    const index = await call(reader, 'GET', '/api/reports/users/');
    expect(index.statusCode).toBe(405);
  });
});

describe('a saved list report (GET {route}{id})', () => {
  it('answers the page asked for, as the list report’s own call does; the first hundred rows by default', async () => {
    const created = await call(reader, 'POST', '/api/reports/users/', {
      name: 'Northern people',
      report: '/reports/users/by-team/users',
      query: { from: '2026-01-01', to: '2026-12-31', team: [team.north] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Saved>().id;
    const direct = `/api/reports/users/by-team/users?from=2026-01-01&to=2026-12-31&team=${team.north}`;

    const shown = await call(reader, 'GET', `/api/reports/users/${id}?page=2&per_page=2`);
    expect(shown.statusCode, shown.body).toBe(200);
    const paged = (await call(reader, 'GET', `${direct}&page=2&per_page=2`)).json<{ meta: { total: number } }>();
    expect(shown.json<Saved>().result).toEqual(paged);
    expect(paged.meta).toMatchObject({ current_page: 2, per_page: 2 });
    expect(paged.meta.total).toBeGreaterThan(2);

    const whole = (await call(reader, 'GET', `/api/reports/users/${id}`)).json<Saved>();
    expect(whole.result).toEqual((await call(reader, 'GET', direct)).json());
    expect(whole.result?.meta).toMatchObject({ current_page: 1, per_page: 100 });

    const refused = await call(reader, 'GET', `/api/reports/users/${id}?per_page=0`);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json<Failure>().errors ?? {})).toEqual(['querystring.per_page']);
  });
});
