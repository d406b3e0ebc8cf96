import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../../catalogue/document-repository.js';
import { catalogueRecords, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTeamRow, createTenant } from '../../test/factories/catalogue.js';
import { createEventRow } from '../../test/factories/events.js';
import { createUser } from '../../test/factories/user.js';
import { documentScope, ENTRIES } from './documents.js';
import { queryPreviewResponseSchema } from '@muster/contract';

let ctx: TestContext;

type Headers = { host: string; authorization?: string };
type Errors = { message: string; errors: Record<string, string[]> };

async function tenant() {
  const created = await createTenant(ctx.app, {
    analyst: ['view-query-builder', 'view-users', 'view-events'],
    builderOnly: ['view-query-builder'],
    manager: ['view-query-builder', 'manage-query-builder'],
    nobody: [],
  });
  return { ...created, anonymous: { host: created.host } as Headers };
}

let a: Awaited<ReturnType<typeof tenant>>;
let b: Awaited<ReturnType<typeof tenant>>;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await tenant();
  b = await tenant();
  for (const [organisationId, prefix] of [
    [a.id, 'Alpha'],
    [b.id, 'Beta'],
  ] as const) {
    await createUser(ctx.db, organisationId, {
      firstName: `${prefix}ine`,
      lastName: 'Zeta',
      dob: '1980-05-01',
    });
    await createUser(ctx.db, organisationId, {
      firstName: `${prefix}bert`,
      lastName: 'Young',
      dob: '2001-02-03',
    });
    await createTeamRow(ctx.db, organisationId, { name: `${prefix} North` });
    await createEventRow(ctx.db, organisationId, {
      name: `${prefix} fair`,
      startsAt: '2031-06-01T09:00:00.000Z',
      endsAt: '2031-06-01T17:00:00.000Z',
      status: 'published',
    });
  }
});
afterAll(() => ctx?.close());

const preview = (headers: Headers, payload: object | string) =>
  ctx.app.inject({ method: 'POST', url: '/api/organisation/query-builder/preview', headers, payload });
const validate = (headers: Headers, payload: object | string) =>
  ctx.app.inject({ method: 'POST', url: '/api/organisation/query-builder/validate/', headers, payload });

describe('POST /organisation/query-builder/preview', () => {
  it('answers the organisation’s own matching rows, whitelisted fields only, with the total', async () => {
    const response = await preview(a.analyst, {
      query: {
        resource: 'users',
        filters: [{ field: 'first_name', op: 'contains', value: 'ALPHA' }],
        sort: [{ field: 'dob', direction: 'desc' }],
        limit: 1,
      },
    });
    expect(response.statusCode).toBe(200);
    const body = queryPreviewResponseSchema.parse(response.json());
    expect(body.meta).toEqual({ total: 2, limit: 1, resource: 'users' });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ first_name: 'Alphabert', dob: '2001-02-03' });
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(
      [
        'created_at',
        'dob',
        'first_name',
        'id',
        'last_activity_at',
        'last_name',
        'preferred_name',
        'status_id',
        'title',
        'two_factor_enabled',
        'updated_at',
      ].sort(),
    );
    expect(JSON.stringify(body)).not.toMatch(/password|secret|sso/);
  });

  it('never shows another organisation’s rows, whatever the filters say', async () => {
    const all = await preview(a.analyst, { query: { resource: 'users', limit: 100 } });
    const names = (queryPreviewResponseSchema.parse(all.json()).data as Array<{ first_name: string }>).map(
      (row) => row.first_name,
    );
    expect(names).not.toContain('Betaine');
    expect(names).toContain('Alphaine');
    const [foreign] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.organisationId, b.id), eq(users.firstName, 'Betaine')));
    const byId = await preview(a.analyst, {
      query: { resource: 'users', filters: [{ field: 'id', op: 'in', value: [foreign?.id ?? 0] }] },
    });
    expect(queryPreviewResponseSchema.parse(byId.json())).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('compares by type: dates, timestamps, null checks, not-equal and lists', async () => {
    const older = await preview(a.analyst, {
      query: {
        resource: 'users',
        filters: [
          { field: 'dob', op: 'lt', value: '1990-01-01' },
          { field: 'first_name', op: 'contains', value: 'alpha' },
        ],
      },
    });
    expect(older.json<{ data: Array<{ first_name: string }> }>().data.map((row) => row.first_name)).toEqual([
      'Alphaine',
    ]);
    const events = await preview(a.analyst, {
      query: {
        resource: 'events',
        filters: [
          { field: 'starts_at', op: 'gt', value: '2031-06-01T08:00:00+00:00' },
          { field: 'status', op: 'in', value: ['published', 'draft'] },
          { field: 'capacity', op: 'is_null', value: true },
          { field: 'name', op: 'ne', value: 'Something else' },
        ],
      },
    });
    expect(events.statusCode).toBe(200);
    expect(events.json<{ data: Array<{ name: string; starts_at: string }> }>().data).toEqual([
      expect.objectContaining({ name: 'Alpha fair', starts_at: '2031-06-01T09:00:00.000Z' }),
    ]);
  });

  it('takes text that looks like SQL or a pattern as plain text', async () => {
    for (const value of ["'; drop table users; --", '%', '_', '\\']) {
      const response = await preview(a.analyst, {
        query: { resource: 'users', filters: [{ field: 'last_name', op: 'contains', value }] },
      });
      expect(response.statusCode, value).toBe(200);
      expect(response.json<{ meta: { total: number } }>().meta.total, value).toBe(0);
    }
    expect((await ctx.db.select().from(users).where(eq(users.organisationId, a.id))).length).toBeGreaterThan(
      0,
    );
  });

  it('refuses 401 anonymous, 403 without view-query-builder, 403 without the resource’s own permission', async () => {
    const query = { query: { resource: 'users' } };
    expect((await preview(a.anonymous, query)).statusCode).toBe(401);
    expect((await preview(a.nobody, query)).statusCode).toBe(403);
    const forbidden = await preview(a.builderOnly, query);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'You do not have permission to read this resource.' });
    // The anonymous caller learns nothing of the language: 401 comes before 422.
    expect((await preview(a.anonymous, { query: { resource: 'nope' } })).statusCode).toBe(401);
  });

  it('answers 422 keyed by path for injection attempts and anything off the whitelist', async () => {
    const cases: Array<[unknown, string]> = [
      [
        { resource: 'users', filters: [{ field: 'id; drop table users', op: 'eq', value: 1 }] },
        'query.filters.0.field',
      ],
      [{ resource: 'users', filters: [{ field: 'password_hash', op: 'is_null' }] }, 'query.filters.0.field'],
      [{ resource: 'users', filters: [{ field: 'id', op: 'like', value: 1 }] }, 'query.filters.0.op'],
      [
        { resource: 'users', filters: [{ field: 'id', op: 'eq', value: '1 or 1=1' }] },
        'query.filters.0.value',
      ],
      [{ resource: 'users', filters: [{ field: 'id', op: 'contains', value: '1' }] }, 'query.filters.0.op'],
      [{ resource: 'users', sort: [{ field: 'two_factor_secret' }] }, 'query.sort.0.field'],
      [{ resource: 'pg_user' }, 'query.resource'],
      [{ resource: 'users', limit: 101 }, 'query.limit'],
      [
        { resource: 'users', filters: [{ field: 'constructor', op: 'eq', value: 1 }] },
        'query.filters.0.field',
      ],
    ];
    for (const [query, path] of cases) {
      const response = await preview(a.analyst, { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(Object.keys(response.json<Errors>().errors), JSON.stringify(query)).toContain(path);
    }
    const raw = await preview(a.analyst, { query: 'select * from users' });
    expect(raw.statusCode).toBe(422);
  });
});

describe('POST /organisation/query-builder/validate/', () => {
  it('answers {valid: true} for a valid query and 422 keyed by path otherwise, storing nothing', async () => {
    const before = await ctx.db
      .select()
      .from(catalogueRecords)
      .where(eq(catalogueRecords.organisationId, a.id));
    const valid = await validate(a.builderOnly, {
      query: { resource: 'teams', filters: [{ field: 'name', op: 'eq', value: 'Alpha North' }] },
    });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ valid: true });
    const invalid = await validate(a.builderOnly, {
      query: {
        resource: 'teams',
        filters: [
          { field: 'name', op: 'eq', value: 'x' },
          { field: 'secret', op: 'eq', value: 'x' },
        ],
      },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json<Errors>().errors).toEqual({
      'query.filters.1.field': [expect.stringContaining('Choose a field of teams')],
    });
    expect(
      await ctx.db.select().from(catalogueRecords).where(eq(catalogueRecords.organisationId, a.id)),
    ).toEqual(before);
  });

  it('refuses 401 anonymous and 403 without view-query-builder', async () => {
    expect((await validate(a.anonymous, { query: { resource: 'teams' } })).statusCode).toBe(401);
    expect((await validate(a.nobody, { query: { resource: 'teams' } })).statusCode).toBe(403);
  });
});

describe('DELETE /organisation/query-builder/?ids=', () => {
  const remove = (headers: Headers, ids?: string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/organisation/query-builder/${ids === undefined ? '' : `?ids=${encodeURIComponent(ids)}`}`,
      headers,
    });
  const saved = async (organisationId: number, name: string) =>
    insertDocument(
      ctx.db,
      documentScope(organisationId, ENTRIES.queryBuilder),
      { name, query: { resource: 'users' } },
      null,
    );
  const stillThere = async (id: number) =>
    (await ctx.db.select().from(catalogueRecords).where(eq(catalogueRecords.id, id))).length === 1;

  it('deletes the listed saved queries of the organisation and no others', async () => {
    const first = await saved(a.id, 'first');
    const second = await saved(a.id, 'second');
    const kept = await saved(a.id, 'kept');
    const response = await remove(a.manager, `${first.id},${second.id},${first.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { deleted: 2, ids: [first.id, second.id] } });
    expect(await stillThere(first.id)).toBe(false);
    expect(await stillThere(second.id)).toBe(false);
    expect(await stillThere(kept.id)).toBe(true);
    // The generic show agrees that it is gone.
    const shown = await ctx.app.inject({
      url: `/api/organisation/query-builder/${first.id}`,
      headers: a.manager,
    });
    expect(shown.statusCode).toBe(404);
  });

  it('deletes nothing when one id is another organisation’s (422 at its position)', async () => {
    const mine = await saved(a.id, 'mine');
    const theirs = await saved(b.id, 'theirs');
    const response = await remove(a.manager, `${mine.id},${theirs.id}`);
    expect(response.statusCode).toBe(422);
    expect(response.json<Errors>().errors).toEqual({
      'querystring.ids.1': ['There is no saved query with this id.'],
    });
    expect(await stillThere(mine.id)).toBe(true);
    expect(await stillThere(theirs.id)).toBe(true);
  });

  it('answers 422 without ids or with malformed ones, 401 anonymous, 403 without manage-query-builder', async () => {
    const errorsOf = async (ids?: string) =>
      Object.keys((await remove(a.manager, ids)).json<Errors>().errors);
    expect(await errorsOf()).toEqual(['querystring.ids']);
    expect(await errorsOf('')).toEqual(['querystring.ids']);
    expect(await errorsOf('1,abc')).toEqual(['querystring.ids.1']);
    expect((await remove(a.anonymous, '1')).statusCode).toBe(401);
    expect((await remove(a.analyst, '1')).statusCode).toBe(403);
  });
});
