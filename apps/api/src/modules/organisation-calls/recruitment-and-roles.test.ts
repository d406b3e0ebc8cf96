import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRecords, roleProfiles } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createRoleProfileRow, createTenant } from '../../test/factories/catalogue.js';
import { ENTRIES } from './documents.js';
import {
  duplicateCategoryResponseSchema,
  roleProfileAccountCodesResponseSchema,
  roleProfilesBulkUpdateResponseSchema,
} from '@muster/contract';

let ctx: TestContext;

type Headers = { host: string; authorization?: string };
type Errors = { message: string; errors: Record<string, string[]> };

async function tenant() {
  const created = await createTenant(ctx.app, {
    recruiter: ['view-recruitment', 'manage-recruitment'],
    viewer: ['view-recruitment', 'view-users'],
    organiser: ['manage-organisation', 'view-users'],
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
});
afterAll(() => ctx?.close());

async function post(headers: Headers, url: string, payload: unknown) {
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    headers,
    payload: payload as Record<string, unknown>,
  });
  return {
    status: response.statusCode,
    body: response.json<Record<string, unknown> & { data: { id: number } }>(),
  };
}

/** A category with two stages, made through the catalogue's own routes. */
async function categoryWithStages(t: typeof a, name: string) {
  const category = await post(t.recruiter, '/api/organisation/recruitment/categories/', {
    name,
    colour: 'green',
    position: 2,
  });
  expect(category.status).toBe(201);
  const id = category.body.data.id;
  for (const [index, stage] of ['Applied', 'Interviewed'].entries()) {
    const created = await post(t.recruiter, `/api/organisation/recruitment/categories/${id}/stages/`, {
      name: stage,
      position: index,
    });
    expect(created.status).toBe(201);
  }
  return id;
}

async function stagesOf(organisationId: number, categoryId: number) {
  const rows = await ctx.db
    .select()
    .from(catalogueRecords)
    .where(
      and(
        eq(catalogueRecords.organisationId, organisationId),
        eq(catalogueRecords.entry, ENTRIES.recruitmentStages),
        eq(catalogueRecords.parentKey, `categoryId=${categoryId}`),
      ),
    )
    .orderBy(catalogueRecords.id);
  return rows.map((row) => row.body);
}

describe('POST /organisation/recruitment/categories/{id}/duplicate', () => {
  const duplicate = (headers: Headers, id: number | string, query = '', payload?: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/organisation/recruitment/categories/${id}/duplicate${query}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('copies the category with its stages, leaving the original as it was', async () => {
    const original = await categoryWithStages(a, 'Summer intake');
    const response = await duplicate(a.recruiter, original, '', { name: 'Winter intake' });
    expect(response.statusCode).toBe(201);
    const body = duplicateCategoryResponseSchema.parse(response.json());
    expect(body.data).toMatchObject({ name: 'Winter intake', colour: 'green', position: 2 });
    expect(body.meta).toEqual({ stages_copied: 2, duplicated_from: original });
    expect(await stagesOf(a.id, body.data.id)).toEqual([
      { name: 'Applied', position: 0 },
      { name: 'Interviewed', position: 1 },
    ]);
    expect(await stagesOf(a.id, original)).toHaveLength(2);
    // The copy and its stages are ordinary catalogue records: the generic routes serve them.
    const listed = await ctx.app.inject({
      url: `/api/organisation/recruitment/categories/${body.data.id}/stages/`,
      headers: a.recruiter,
    });
    expect(listed.json<{ meta: { total: number } }>().meta.total).toBe(2);
  });

  it('names the copy after the original without a body, and copies no stages with with_stages=0', async () => {
    const original = await categoryWithStages(a, 'Autumn intake');
    const response = await duplicate(a.recruiter, original, '?with_stages=0');
    expect(response.statusCode).toBe(201);
    const body = duplicateCategoryResponseSchema.parse(response.json());
    expect(body.data.name).toBe('Autumn intake (copy)');
    expect(body.meta.stages_copied).toBe(0);
    expect(await stagesOf(a.id, body.data.id)).toEqual([]);
  });

  it('never reaches another organisation’s category (404) and copies nothing', async () => {
    const theirs = await categoryWithStages(b, 'Their intake');
    const before = await ctx.db
      .select()
      .from(catalogueRecords)
      .where(eq(catalogueRecords.organisationId, a.id));
    const response = await duplicate(a.recruiter, theirs);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'The recruitment category was not found.' });
    expect((await duplicate(a.recruiter, 'abc')).statusCode).toBe(404);
    expect(
      await ctx.db.select().from(catalogueRecords).where(eq(catalogueRecords.organisationId, a.id)),
    ).toHaveLength(before.length);
  });

  it('refuses 401 anonymous, 403 without manage-recruitment, 422 for a bad name or flag', async () => {
    const original = await categoryWithStages(a, 'Guarded intake');
    expect((await duplicate(a.anonymous, original)).statusCode).toBe(401);
    expect((await duplicate(a.viewer, original)).statusCode).toBe(403);
    const blank = await duplicate(a.recruiter, original, '', { name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json<Errors>().errors).toEqual({ name: ['Please enter a name.'] });
    const flag = await duplicate(a.recruiter, original, '?with_stages=maybe');
    expect(Object.keys(flag.json<Errors>().errors)).toEqual(['querystring.with_stages']);
  });
});

describe('PUT /organisation/role-profiles/bulk-update/?ids=', () => {
  const bulk = (headers: Headers, ids: string, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/organisation/role-profiles/bulk-update/?ids=${ids}`,
      headers,
      payload: payload as Record<string, unknown>,
    });
  const stored = async (id: number) =>
    (await ctx.db.select().from(roleProfiles).where(eq(roleProfiles.id, id)))[0];

  it('reaches its own handler and sets the fields on every listed profile in one go', async () => {
    const first = await createRoleProfileRow(ctx.db, a.id, { displayName: 'Driver' });
    const second = await createRoleProfileRow(ctx.db, a.id, { displayName: 'Lead' });
    const untouched = await createRoleProfileRow(ctx.db, a.id, { displayName: 'Cook' });
    const response = await bulk(a.organiser, `${first.id},${second.id}`, {
      enforce_two_factor: true,
      disclaimer: 'Safeguarding applies.',
      account_code: 'CC-100',
    });
    expect(response.statusCode).toBe(200);
    const body = roleProfilesBulkUpdateResponseSchema.parse(response.json());
    expect(body.data.updated).toBe(2);
    expect(body.data.role_profiles).toEqual([
      {
        id: first.id,
        display_name: 'Driver',
        disclaimer: 'Safeguarding applies.',
        enforce_two_factor: true,
        account_code: 'CC-100',
      },
      {
        id: second.id,
        display_name: 'Lead',
        disclaimer: 'Safeguarding applies.',
        enforce_two_factor: true,
        account_code: 'CC-100',
      },
    ]);
    expect(await stored(first.id)).toMatchObject({
      enforceTwoFactor: true,
      disclaimer: 'Safeguarding applies.',
    });
    expect(await stored(untouched.id)).toMatchObject({ enforceTwoFactor: false, disclaimer: null });
    // Omitted fields keep their value; null clears the account code.
    const cleared = await bulk(a.organiser, String(first.id), { account_code: null });
    expect(roleProfilesBulkUpdateResponseSchema.parse(cleared.json()).data.role_profiles).toEqual([
      expect.objectContaining({ id: first.id, enforce_two_factor: true, account_code: null }),
    ]);
  });

  it('changes nothing when one id is another organisation’s (422 at its position)', async () => {
    const mine = await createRoleProfileRow(ctx.db, a.id);
    const theirs = await createRoleProfileRow(ctx.db, b.id);
    const response = await bulk(a.organiser, `${mine.id},${theirs.id}`, { enforce_two_factor: true });
    expect(response.statusCode).toBe(422);
    expect(response.json<Errors>().errors).toEqual({
      'querystring.ids.1': ['There is no role profile with this id in the organisation.'],
    });
    expect(await stored(mine.id)).toMatchObject({ enforceTwoFactor: false });
    expect(await stored(theirs.id)).toMatchObject({ enforceTwoFactor: false });
  });

  it('refuses 401 anonymous, 403 without manage-organisation, 422 for bad input', async () => {
    const profile = await createRoleProfileRow(ctx.db, a.id);
    expect((await bulk(a.anonymous, String(profile.id), { enforce_two_factor: true })).statusCode).toBe(401);
    expect((await bulk(a.viewer, String(profile.id), { enforce_two_factor: true })).statusCode).toBe(403);
    const nothing = await bulk(a.organiser, String(profile.id), {});
    expect(nothing.statusCode).toBe(422);
    const badCode = await bulk(a.organiser, String(profile.id), {
      account_code: 'no spaces please',
      enforce_two_factor: 'yes',
    });
    expect(Object.keys(badCode.json<Errors>().errors).sort()).toEqual(['account_code', 'enforce_two_factor']);
    const badIds = await bulk(a.organiser, 'x', { enforce_two_factor: true });
    expect(badIds.json<Errors>().errors).toEqual({ 'querystring.ids.0': ['An id is a whole number.'] });
  });
});

describe('GET /organisation/role-profiles/account-codes/', () => {
  const codes = (headers: Headers, query = '') =>
    ctx.app.inject({ url: `/api/organisation/role-profiles/account-codes/${query}`, headers });

  it('reaches its own handler and lists the distinct codes of the organisation’s existing profiles', async () => {
    const x = await createRoleProfileRow(ctx.db, b.id);
    const y = await createRoleProfileRow(ctx.db, b.id);
    const z = await createRoleProfileRow(ctx.db, b.id);
    const put = (ids: string, code: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/organisation/role-profiles/bulk-update?ids=${ids}`,
        headers: b.organiser,
        payload: { account_code: code },
      });
    expect((await put(`${x.id},${y.id}`, 'FIN-20')).statusCode).toBe(200);
    expect((await put(String(z.id), 'ADM-1')).statusCode).toBe(200);
    const response = await codes(b.viewer);
    expect(response.statusCode).toBe(200);
    expect(roleProfileAccountCodesResponseSchema.parse(response.json())).toEqual({
      data: [
        { account_code: 'ADM-1', role_profile_ids: [z.id] },
        { account_code: 'FIN-20', role_profile_ids: [x.id, y.id] },
      ],
      meta: { total: 2 },
    });
    expect((await codes(b.viewer, '?q=fin')).json()).toMatchObject({ data: [{ account_code: 'FIN-20' }] });
    // A deleted profile's code is no longer in use.
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/organisation/role-profiles/${z.id}`,
          headers: b.organiser,
        })
      ).statusCode,
    ).toBe(204);
    expect((await codes(b.viewer)).json()).toMatchObject({
      data: [{ account_code: 'FIN-20' }],
      meta: { total: 1 },
    });
    // Another organisation sees none of these codes.
    expect(
      (await codes(a.viewer))
        .json<{ data: Array<{ account_code: string }> }>()
        .data.map((row) => row.account_code),
    ).not.toContain('FIN-20');
  });

  it('refuses 401 anonymous, 403 without view-users, 422 for a long search', async () => {
    expect((await codes(a.anonymous)).statusCode).toBe(401);
    expect((await codes(a.nobody)).statusCode).toBe(403);
    expect((await codes(a.viewer, `?q=${'x'.repeat(65)}`)).statusCode).toBe(422);
  });

  it('leaves the item route of role profiles to ids', async () => {
    const profile = await createRoleProfileRow(ctx.db, a.id, { displayName: 'Item' });
    const shown = await ctx.app.inject({
      url: `/api/organisation/role-profiles/${profile.id}`,
      headers: a.viewer,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ data: { id: profile.id, display_name: 'Item' } });
  });
});
