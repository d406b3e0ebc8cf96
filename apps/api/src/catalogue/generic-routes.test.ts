import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MEDIA_TYPE,
  dataEnvelope,
  organisationConsentSchema,
  organisationCountrySchema,
  organisationMotivationSchema,
  organisationRoleProfileSchema,
  organisationTeamSchema,
  organisationTermSchema,
  paginatedResponseSchema,
} from '@muster/contract';
import { z } from 'zod';
import { teams } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/context.js';
import {
  createConsentRow,
  createMotivationRow,
  createRoleProfileRow,
  createTeamRow,
  createTenant,
  createTermRow,
  loadCountries,
} from '../test/factories/catalogue.js';
import { createOpportunity } from '../test/factories/opportunity.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Wire = Record<string, unknown>;

/** One organisation with a host and three callers: a manager, a viewer and someone with no permission. */
async function tenant() {
  const created = await createTenant(ctx.app, {
    manager: ['manage-organisation', 'view-users'],
    viewer: ['view-users'],
    nobody: [],
  });
  return { ...created, anonymous: { host: created.host } };
}

type Tenant = Awaited<ReturnType<typeof tenant>>;

type Case = {
  entry: string;
  url: string;
  row: z.ZodObject;
  create: (organisationId: number) => Promise<{ id: number }>;
  /** Permission needed to read; null for public. */
  read: string | null;
  valid: Wire;
  /** A partial update and what the row then holds for those fields. */
  update: Wire;
  invalid: Wire;
  /** Field errors the invalid body must produce (keyed by field). */
  invalidFields: string[];
  /** A hand-written module answers the index (the generic module skips it). */
  indexHandWritten?: boolean;
};

const cases: Case[] = [
  {
    entry: 'organisation.terms',
    url: '/api/organisation/terms/',
    row: organisationTermSchema,
    create: (organisationId) => createTermRow(ctx.db, organisationId),
    read: null,
    valid: { name: 'Volunteer agreement', link: 'https://example.test/agreement', position: 2 },
    update: { name: 'Volunteer agreement 2026' },
    invalid: { name: '  ', link: 'javascript:alert(1)' },
    invalidFields: ['name', 'link'],
    // modules/terms answers the application form's list as `{data: {data}}` (applicant-flow §7).
    indexHandWritten: true,
  },
  {
    entry: 'organisation.motivations',
    url: '/api/organisation/motivations/',
    row: organisationMotivationSchema,
    create: (organisationId) => createMotivationRow(ctx.db, organisationId),
    read: 'view-users',
    valid: { content: 'To give something back', public: false, position: 1 },
    update: { public: true },
    invalid: { content: '', position: -1 },
    invalidFields: ['content', 'position'],
  },
  {
    entry: 'organisation.teams',
    url: '/api/organisation/teams/',
    row: organisationTeamSchema,
    create: (organisationId) => createTeamRow(ctx.db, organisationId),
    read: 'view-users',
    valid: { name: 'North region', parent_id: null },
    update: { name: 'North and East region' },
    invalid: { name: 42 },
    invalidFields: ['name'],
  },
  {
    entry: 'organisation.role-profiles',
    url: '/api/organisation/role-profiles/',
    row: organisationRoleProfileSchema,
    create: (organisationId) => createRoleProfileRow(ctx.db, organisationId),
    read: 'view-users',
    valid: {
      display_name: 'Minibus driver',
      disclaimer: 'You must hold a D1 licence.',
      enforce_two_factor: true,
    },
    update: { disclaimer: null, enforce_two_factor: false },
    invalid: { display_name: '', enforce_two_factor: 'yes' },
    invalidFields: ['display_name', 'enforce_two_factor'],
  },
  {
    entry: 'organisation.consents',
    url: '/api/organisation/consents/',
    row: organisationConsentSchema,
    create: (organisationId) => createConsentRow(ctx.db, organisationId),
    read: 'view-users',
    valid: { statement: 'Photos of me may be used.', compulsory: true, type: 'radio', position: 3 },
    update: { type: 'multiple-checkboxes' },
    invalid: { statement: 'Fine', type: 'dropdown' },
    invalidFields: ['type'],
  },
];

describe.each(cases)('$entry ($url)', (resource) => {
  let a: Tenant;
  let b: Tenant;
  let rowsOfA: Array<{ id: number }>;
  let rowOfB: { id: number };
  const readAs = (t: Tenant) => (resource.read ? t.viewer : t.anonymous);

  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
    rowOfB = await resource.create(b.id);
    rowsOfA = [await resource.create(a.id), await resource.create(a.id), await resource.create(a.id)];
  });

  if (resource.indexHandWritten) {
    it('index: left to its hand-written module, which the generic module does not shadow', async () => {
      const response = await ctx.app.inject({ url: resource.url, headers: readAs(a) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).not.toHaveProperty('meta');
    });
  } else {
    it('index: answers a page of the organisation’s own rows with pagination meta', async () => {
      const first = await ctx.app.inject({ url: `${resource.url}?per_page=2`, headers: readAs(a) });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe(`${API_MEDIA_TYPE}; charset=utf-8`);
      const body = paginatedResponseSchema(resource.row).parse(first.json());
      expect(body.meta).toEqual({ current_page: 1, per_page: 2, total: 3 });
      expect(body.data).toHaveLength(2);
      const second = paginatedResponseSchema(resource.row).parse(
        (await ctx.app.inject({ url: `${resource.url}?page=2&per_page=2`, headers: readAs(a) })).json(),
      );
      expect(second.meta).toEqual({ current_page: 2, per_page: 2, total: 3 });
      const ids = [...body.data, ...second.data].map((row) => row.id);
      expect(ids.sort()).toEqual(rowsOfA.map((row) => row.id).sort());
      expect(ids).not.toContain(rowOfB.id);
    });

    it('index: defaults to page 1 of 25, with or without the trailing slash', async () => {
      const response = await ctx.app.inject({ url: resource.url.replace(/\/$/, ''), headers: readAs(a) });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ meta: unknown }>().meta).toEqual({ current_page: 1, per_page: 25, total: 3 });
    });

    it('index: refuses bad page values with 422 keyed by the query field', async () => {
      for (const [query, field] of [
        ['per_page=101', 'querystring.per_page'],
        ['per_page=0', 'querystring.per_page'],
        ['page=0', 'querystring.page'],
        ['page=abc', 'querystring.page'],
        ['page=1.5', 'querystring.page'],
      ] as const) {
        const response = await ctx.app.inject({ url: `${resource.url}?${query}`, headers: readAs(a) });
        expect(response.statusCode, query).toBe(422);
        expect(response.json<{ errors: Record<string, string[]> }>().errors[field], query).toEqual([
          expect.any(String),
        ]);
      }
    });
  }

  it('show: answers {data} for the organisation’s own row', async () => {
    const row = rowsOfA[0] as { id: number };
    const response = await ctx.app.inject({ url: `${resource.url}${row.id}`, headers: readAs(a) });
    expect(response.statusCode).toBe(200);
    expect(dataEnvelope(resource.row).parse(response.json()).data.id).toBe(row.id);
  });

  it('show: 404 JSON for a missing id, a malformed id and another organisation’s row', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999', String(rowOfB.id)]) {
      const response = await ctx.app.inject({ url: `${resource.url}${id}`, headers: readAs(a) });
      expect(response.statusCode, id).toBe(404);
      expect(response.json<{ message: string }>().message, id).toMatch(/was not found\.$/);
    }
  });

  it('store: 201 {data}, owned by the host’s organisation whatever the body says', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: resource.url,
      headers: a.manager,
      payload: { ...resource.valid, id: 1, organisation_id: b.id },
    });
    expect(response.statusCode).toBe(201);
    const { data } = dataEnvelope(resource.row).parse(response.json());
    expect(data).toMatchObject(resource.valid);
    const id = z.number().parse(data.id);
    expect(id).not.toBe(1);
    const back = await ctx.app.inject({ url: `${resource.url}${id}`, headers: readAs(a) });
    expect(back.json()).toEqual({ data });
    const fromB = await ctx.app.inject({ url: `${resource.url}${id}`, headers: readAs(b) });
    expect(fromB.statusCode).toBe(404);
  });

  it('update: changes the given fields and keeps the others', async () => {
    const row = rowsOfA[1] as { id: number };
    const before = (await ctx.app.inject({ url: `${resource.url}${row.id}`, headers: readAs(a) })).json<{
      data: Wire;
    }>().data;
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `${resource.url}${row.id}`,
      headers: a.manager,
      payload: resource.update,
    });
    expect(response.statusCode).toBe(200);
    expect(dataEnvelope(resource.row).parse(response.json()).data).toEqual({ ...before, ...resource.update });
  });

  it('update and delete: 404 for another organisation’s row, which stays untouched', async () => {
    const before = await ctx.app.inject({ url: `${resource.url}${rowOfB.id}`, headers: readAs(b) });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${resource.url}${rowOfB.id}`,
      headers: a.manager,
      payload: resource.update,
    });
    expect(put.statusCode).toBe(404);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `${resource.url}${rowOfB.id}`,
      headers: a.manager,
    });
    expect(del.statusCode).toBe(404);
    const after = await ctx.app.inject({ url: `${resource.url}${rowOfB.id}`, headers: readAs(b) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before.json());
  });

  it('delete: 204 with no body, after which the row is gone', async () => {
    const row = await resource.create(a.id);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `${resource.url}${row.id}`,
      headers: a.manager,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const gone = await ctx.app.inject({ url: `${resource.url}${row.id}`, headers: readAs(a) });
    expect(gone.statusCode).toBe(404);
  });

  it('writes: 401 without a session, even for an invalid body', async () => {
    const row = rowsOfA[2] as { id: number };
    for (const [method, url, payload] of [
      ['POST', resource.url, resource.invalid],
      ['PUT', `${resource.url}${row.id}`, resource.invalid],
      ['DELETE', `${resource.url}${row.id}`, undefined],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: a.anonymous,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, method).toBe(401);
      expect(response.json(), method).toEqual({ message: 'You need to sign in to do that.' });
    }
  });

  it('writes: 401 for a session of another organisation', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: resource.url,
      headers: { ...b.manager, host: a.host },
      payload: resource.valid,
    });
    expect(response.statusCode).toBe(401);
  });

  it('writes: 403 without manage-organisation', async () => {
    const row = rowsOfA[2] as { id: number };
    for (const [method, url, payload] of [
      ['POST', resource.url, resource.valid],
      ['PUT', `${resource.url}${row.id}`, resource.update],
      ['DELETE', `${resource.url}${row.id}`, undefined],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: a.viewer,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, method).toBe(403);
      expect(response.json(), method).toEqual({ message: 'You do not have permission to do that.' });
    }
    expect((await ctx.app.inject({ url: `${resource.url}${row.id}`, headers: readAs(a) })).statusCode).toBe(
      200,
    );
  });

  it('writes: 422 with errors keyed by field, on store and on update', async () => {
    const store = await ctx.app.inject({
      method: 'POST',
      url: resource.url,
      headers: a.manager,
      payload: resource.invalid,
    });
    expect(store.statusCode).toBe(422);
    const stored = store.json<{ message: string; errors: Record<string, string[]> }>();
    expect(stored.message).toBe('The given data was invalid.');
    expect(Object.keys(stored.errors).sort()).toEqual([...resource.invalidFields].sort());
    const row = rowsOfA[2] as { id: number };
    const update = await ctx.app.inject({
      method: 'PUT',
      url: `${resource.url}${row.id}`,
      headers: a.manager,
      payload: resource.invalid,
    });
    expect(update.statusCode).toBe(422);
    expect(Object.keys(update.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(
      [...resource.invalidFields].sort(),
    );
  });

  it('store: 422 for a missing required field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: resource.url,
      headers: a.manager,
      payload: {},
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors).length).toBeGreaterThan(
      0,
    );
  });

  it(`reads: ${resource.read ? '401 without a session and 403 without the read permission' : 'public'}`, async () => {
    const anonymous = await ctx.app.inject({ url: resource.url, headers: a.anonymous });
    const unprivileged = await ctx.app.inject({ url: resource.url, headers: a.nobody });
    if (resource.read) {
      expect(anonymous.statusCode).toBe(401);
      expect(unprivileged.statusCode).toBe(403);
      const show = await ctx.app.inject({
        url: `${resource.url}${(rowsOfA[0] as { id: number }).id}`,
        headers: a.nobody,
      });
      expect(show.statusCode).toBe(403);
      // Authorisation is decided before the query is validated.
      expect((await ctx.app.inject({ url: `${resource.url}?page=0`, headers: a.anonymous })).statusCode).toBe(
        401,
      );
    } else {
      expect(anonymous.statusCode).toBe(200);
      expect(unprivileged.statusCode).toBe(200);
    }
  });
});

describe('organisation.terms specifics', () => {
  it('stores trimmed text', async () => {
    const a = await tenant();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/organisation/terms/',
      headers: a.manager,
      payload: { name: '  Zeroth  ', link: ' https://example.test/zero ' },
    });
    const { data } = dataEnvelope(organisationTermSchema).parse(created.json());
    expect(data).toMatchObject({ name: 'Zeroth', link: 'https://example.test/zero', position: 0 });
    const back = await ctx.app.inject({
      url: `/api/organisation/terms/${data.id}`,
      headers: { host: a.host },
    });
    expect(back.json()).toEqual({ data });
  });
});

describe('organisation.teams specifics', () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
  });

  it('accepts a parent team of the same organisation', async () => {
    const parent = await createTeamRow(ctx.db, a.id);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/organisation/teams/',
      headers: a.manager,
      payload: { name: 'Child', parent_id: parent.id },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ data: Wire }>().data).toMatchObject({ name: 'Child', parent_id: parent.id });
  });

  it('refuses with 422 on parent_id a team of another organisation or no team at all', async () => {
    const foreign = await createTeamRow(ctx.db, b.id);
    for (const parentId of [foreign.id, 999999]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/organisation/teams/',
        headers: a.manager,
        payload: { name: 'Child', parent_id: parentId },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { parent_id: ['The parent team must be a team of this organisation.'] },
      });
    }
  });

  it('refuses with 422 a parent that would make a loop', async () => {
    const top = await createTeamRow(ctx.db, a.id);
    const middle = await createTeamRow(ctx.db, a.id, { parentId: top.id });
    const bottom = await createTeamRow(ctx.db, a.id, { parentId: middle.id });
    for (const parentId of [top.id, bottom.id]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/organisation/teams/${top.id}`,
        headers: a.manager,
        payload: { parent_id: parentId },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: unknown }>().errors).toEqual({
        parent_id: ['A team cannot sit under itself or under one of its own teams.'],
      });
    }
    const [stored] = await ctx.db.select().from(teams).where(eq(teams.id, top.id));
    expect(stored?.parentId).toBeNull();
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/organisation/teams/${bottom.id}`,
      headers: a.manager,
      payload: { parent_id: top.id },
    });
    expect(moved.json<{ data: Wire }>().data.parent_id).toBe(top.id);
  });

  it('refuses with 409 to delete a team with teams under it, or one an opportunity still uses', async () => {
    const parent = await createTeamRow(ctx.db, a.id);
    await createTeamRow(ctx.db, a.id, { parentId: parent.id });
    const withChild = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/organisation/teams/${parent.id}`,
      headers: a.manager,
    });
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json()).toEqual({ message: 'The team has teams under it; move or delete them first.' });

    const used = await createTeamRow(ctx.db, a.id);
    await createOpportunity(ctx.db, a.id, { teamId: used.id });
    const inUse = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/organisation/teams/${used.id}`,
      headers: a.manager,
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ message: 'The team is still in use and cannot be deleted.' });
    expect(await ctx.db.select().from(teams).where(eq(teams.id, used.id))).toHaveLength(1);
  });
});

describe('organisation.countries (global reference data, list only)', () => {
  let a: Tenant;
  let total: number;
  beforeAll(async () => {
    a = await tenant();
    total = await loadCountries(ctx.db);
  });

  it('lists countries publicly, by name, 25 a page by default', async () => {
    const response = await ctx.app.inject({ url: '/api/organisation/countries', headers: { host: a.host } });
    expect(response.statusCode).toBe(200);
    const body = paginatedResponseSchema(organisationCountrySchema).parse(response.json());
    expect(body.meta).toEqual({ current_page: 1, per_page: 25, total });
    expect(body.data).toHaveLength(25);
    const names = body.data.map((country) => country.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });

  it('answers every country in one page of up to 300, and refuses more with 422', async () => {
    expect(total).toBeGreaterThan(200);
    expect(total).toBeLessThanOrEqual(300);
    const all = await ctx.app.inject({
      url: '/api/organisation/countries/?per_page=300',
      headers: { host: a.host },
    });
    const body = paginatedResponseSchema(organisationCountrySchema).parse(all.json());
    expect(body.data).toHaveLength(total);
    expect(body.data).toContainEqual({ region: 'GB', name: 'United Kingdom', country_code: '44' });
    const tooMany = await ctx.app.inject({
      url: '/api/organisation/countries?per_page=301',
      headers: { host: a.host },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { 'querystring.per_page': ['The number per page may be at most 300.'] },
    });
  });

  it('has no show, store, update or delete: those answer 405 JSON with Allow: GET', async () => {
    for (const [method, url] of [
      ['GET', '/api/organisation/countries/GB'],
      ['POST', '/api/organisation/countries'],
      ['PUT', '/api/organisation/countries/GB'],
      ['DELETE', '/api/organisation/countries/GB'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: a.manager,
        ...(method === 'POST' || method === 'PUT' ? { payload: { name: 'Atlantis' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.json<{ message: string }>().message, `${method} ${url}`).toMatch(
        /is not available on this resource/,
      );
      expect(response.headers.allow, `${method} ${url}`).toBe(url.endsWith('GB') ? '' : 'GET');
    }
  });

  it('still needs an organisation at the host', async () => {
    const response = await ctx.app.inject({
      url: '/api/organisation/countries',
      headers: { host: 'nobody.test' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes the generic routes', async () => {
    const a = await tenant();
    const response = await ctx.app.inject({ url: '/api/openapi.json', headers: { host: a.host } });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/organisation/terms', '/api/organisation/terms/{id}']),
    );
  });
});
