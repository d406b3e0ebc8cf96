import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../../catalogue/document-repository.js';
import { catalogueRecords } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTenant } from '../../test/factories/catalogue.js';
import { createUser } from '../../test/factories/user.js';
import { documentScope, ENTRIES } from './documents.js';
import {
  safeguardingResponseSchema,
  savedListResponseSchema,
  zendeskTicketTagsResponseSchema,
} from '@muster/contract';

let ctx: TestContext;

type Headers = { host: string; authorization?: string };
type Errors = { message: string; errors: Record<string, string[]> };

async function tenant() {
  const created = await createTenant(ctx.app, {
    support: ['view-zendesk-tickets', 'manage-zendesk-tickets'],
    integrator: ['view-integrations', 'manage-integrations'],
    safeguarder: ['view-safeguarding', 'manage-safeguarding'],
    reader: ['view-zendesk-tickets', 'view-integrations', 'view-safeguarding', 'view-saved-list'],
    lister: ['view-saved-list', 'manage-saved-list'],
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

describe('GET /organisation/zendesk-tickets/tags/', () => {
  const tags = (headers: Headers) =>
    ctx.app.inject({ url: '/api/organisation/zendesk-tickets/tags/', headers });

  it('reaches its own handler and counts the distinct tags of the organisation’s tickets', async () => {
    const store = (headers: Headers, body: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/organisation/zendesk-tickets/', headers, payload: body });
    expect((await store(a.support, { subject: 'Login', tags: ['login', 'urgent'] })).statusCode).toBe(201);
    expect((await store(a.support, { subject: 'Again', tags: ['login', 'login', 7, null] })).statusCode).toBe(
      201,
    );
    expect((await store(a.support, { subject: 'Untagged' })).statusCode).toBe(201);
    expect((await store(a.support, { subject: 'Odd', tags: 'not-a-list' })).statusCode).toBe(201);
    expect((await store(b.support, { subject: 'Theirs', tags: ['billing'] })).statusCode).toBe(201);
    const response = await tags(a.reader);
    expect(response.statusCode).toBe(200);
    expect(zendeskTicketTagsResponseSchema.parse(response.json())).toEqual({
      data: [
        { tag: 'login', count: 2 },
        { tag: 'urgent', count: 1 },
      ],
      meta: { total: 2 },
    });
    expect(zendeskTicketTagsResponseSchema.parse((await tags(b.reader)).json()).data).toEqual([
      { tag: 'billing', count: 1 },
    ]);
  });

  it('refuses 401 anonymous and 403 without view-zendesk-tickets', async () => {
    expect((await tags(a.anonymous)).statusCode).toBe(401);
    expect((await tags(a.nobody)).statusCode).toBe(403);
  });
});

describe('DELETE /integrations/service/{integrationId}/sync', () => {
  const clear = (headers: Headers, integration: string, query = '') =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/integrations/service/${integration}/sync${query}`,
      headers,
    });
  const records = async (organisationId: number, integration: string) =>
    ctx.db
      .select({ id: catalogueRecords.id })
      .from(catalogueRecords)
      .where(
        and(
          eq(catalogueRecords.organisationId, organisationId),
          eq(catalogueRecords.entry, ENTRIES.integrationSync),
          eq(catalogueRecords.parentKey, `integrationId=${integration}`),
        ),
      );
  const syncRecord = async (headers: Headers, integration: string, body: Record<string, unknown>) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/integrations/service/${integration}/sync`,
      headers,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { id: number } }>().data.id;
  };

  it('clears every sync record of the integration, and only of that integration and organisation', async () => {
    await syncRecord(a.integrator, 'mailchimp', { external_id: 'x1' });
    await syncRecord(a.integrator, 'mailchimp', { external_id: 'x2' });
    await syncRecord(a.integrator, 'salesforce', { external_id: 's1' });
    await syncRecord(b.integrator, 'mailchimp', { external_id: 'b1' });
    const response = await clear(a.integrator, 'mailchimp');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { deleted: 2 } });
    expect(await records(a.id, 'mailchimp')).toEqual([]);
    expect(await records(a.id, 'salesforce')).toHaveLength(1);
    expect(await records(b.id, 'mailchimp')).toHaveLength(1);
    const listed = await ctx.app.inject({
      url: '/api/integrations/service/mailchimp/sync',
      headers: a.reader,
    });
    expect(listed.json<{ meta: { total: number } }>().meta.total).toBe(0);
    expect((await clear(a.integrator, 'mailchimp')).json()).toEqual({ data: { deleted: 0 } });
  });

  it('clears only the listed records with ids, all or none', async () => {
    const first = await syncRecord(a.integrator, 'hubspot', { n: 1 });
    const second = await syncRecord(a.integrator, 'hubspot', { n: 2 });
    const theirs = await syncRecord(b.integrator, 'hubspot', { n: 3 });
    const refused = await clear(a.integrator, 'hubspot', `?ids=${first},${theirs}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<Errors>().errors).toEqual({
      'querystring.ids.1': ['There is no sync record with this id for this integration.'],
    });
    expect(await records(a.id, 'hubspot')).toHaveLength(2);
    expect(await records(b.id, 'hubspot')).toHaveLength(1);
    expect((await clear(a.integrator, 'hubspot', `?ids=${first}`)).json()).toEqual({ data: { deleted: 1 } });
    expect((await records(a.id, 'hubspot')).map((row) => row.id)).toEqual([second]);
  });

  it('refuses 401 anonymous, 403 without manage-integrations, 404 for a malformed integration, 422 for bad ids', async () => {
    expect((await clear(a.anonymous, 'mailchimp')).statusCode).toBe(401);
    expect((await clear(a.reader, 'mailchimp')).statusCode).toBe(403);
    expect((await clear(a.integrator, 'not%20valid')).statusCode).toBe(404);
    expect((await clear(a.integrator, 'mailchimp', '?ids=abc')).statusCode).toBe(422);
  });
});

describe('/organisation/safeguarding/ (show and update)', () => {
  const show = (headers: Headers, id = '') =>
    ctx.app.inject({ url: `/api/organisation/safeguarding/${id}`, headers });
  const update = (headers: Headers, payload: unknown, id = '') =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/organisation/safeguarding/${id}`,
      headers,
      payload: payload as Record<string, unknown>,
    });

  it('answers the defaults, then saves and merges one settings document per organisation', async () => {
    const defaults = safeguardingResponseSchema.parse((await show(a.reader)).json()).data;
    expect(defaults).toMatchObject({ id: null, lead_name: null, policy_url: null, updated_at: null });
    const saved = await update(a.safeguarder, {
      lead_name: 'Priya Shah',
      lead_email: 'priya@example.test',
      policy_url: 'https://example.test/safeguarding',
      policy_review_date: '2027-01-31',
    });
    expect(saved.statusCode).toBe(200);
    const first = safeguardingResponseSchema.parse(saved.json()).data;
    expect(first).toMatchObject({
      lead_name: 'Priya Shah',
      lead_email: 'priya@example.test',
      deputy_name: null,
    });
    const merged = await update(
      a.safeguarder,
      { deputy_name: 'Tom Reid', lead_email: null },
      String(first.id),
    );
    expect(safeguardingResponseSchema.parse(merged.json()).data).toMatchObject({
      id: first.id,
      lead_name: 'Priya Shah',
      lead_email: null,
      deputy_name: 'Tom Reid',
    });
    expect(
      safeguardingResponseSchema.parse((await show(a.reader, String(first.id))).json()).data.deputy_name,
    ).toBe('Tom Reid');
    const documents = await ctx.db
      .select()
      .from(catalogueRecords)
      .where(
        and(eq(catalogueRecords.organisationId, a.id), eq(catalogueRecords.entry, ENTRIES.safeguarding)),
      );
    expect(documents).toHaveLength(1);
    // Another organisation still has its defaults, and cannot name this one's settings.
    expect(safeguardingResponseSchema.parse((await show(b.reader)).json()).data.lead_name).toBeNull();
    expect((await show(b.reader, String(first.id))).statusCode).toBe(404);
    expect((await update(b.safeguarder, { lead_name: 'Intruder' }, String(first.id))).statusCode).toBe(404);
    expect(safeguardingResponseSchema.parse((await show(a.reader)).json()).data.lead_name).toBe('Priya Shah');
  });

  it('refuses 401 anonymous, 403 without the permission, 422 keyed by field', async () => {
    expect((await show(a.anonymous)).statusCode).toBe(401);
    expect((await show(a.nobody)).statusCode).toBe(403);
    expect((await update(a.reader, { lead_name: 'x' })).statusCode).toBe(403);
    const bad = await update(a.safeguarder, {
      lead_email: 'nope',
      policy_url: 'javascript:alert(1)',
      policy_review_date: '31/01/2027',
      colour: 'red',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual([
      '_',
      'lead_email',
      'policy_review_date',
      'policy_url',
    ]);
  });
});

describe('/organisation/saved-list/ (store and show)', () => {
  const store = (headers: Headers, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/organisation/saved-list/',
      headers,
      payload: payload as Record<string, unknown>,
    });
  const show = (headers: Headers, id: number | string) =>
    ctx.app.inject({ url: `/api/organisation/saved-list/${id}`, headers });

  it('saves the organisation’s users once each and shows them as they are now', async () => {
    const zoe = await createUser(ctx.db, a.id, { firstName: 'Zoe', lastName: 'Adams' });
    const max = await createUser(ctx.db, a.id, { firstName: 'Max', lastName: 'Brown', email: null });
    const created = await store(a.lister, { name: 'Thank-you list', user_ids: [max.id, zoe.id, max.id] });
    expect(created.statusCode).toBe(201);
    const list = savedListResponseSchema.parse(created.json()).data;
    expect(list).toMatchObject({
      name: 'Thank-you list',
      type: 'users',
      user_ids: [max.id, zoe.id],
      users: [
        { id: zoe.id, first_name: 'Zoe', last_name: 'Adams', email: expect.stringContaining('@') as string },
        { id: max.id, first_name: 'Max', last_name: 'Brown', email: null },
      ],
    });
    const [document] = await ctx.db.select().from(catalogueRecords).where(eq(catalogueRecords.id, list.id));
    expect(document?.body).toEqual({ name: 'Thank-you list', type: 'users', user_ids: [max.id, zoe.id] });
    expect(savedListResponseSchema.parse((await show(a.reader, list.id)).json()).data).toEqual(list);
  });

  it('refuses another organisation’s users (422 at their position) and list (404)', async () => {
    const mine = await createUser(ctx.db, a.id);
    const theirs = await createUser(ctx.db, b.id);
    const refused = await store(a.lister, { name: 'Mixed', user_ids: [mine.id, theirs.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<Errors>().errors).toEqual({
      'user_ids.1': ['The user is not a user of this organisation.'],
    });
    const theirList = await insertDocument(
      ctx.db,
      documentScope(b.id, ENTRIES.savedList),
      { name: 'Theirs', type: 'users', user_ids: [theirs.id] },
      null,
    );
    expect((await show(a.reader, theirList.id)).statusCode).toBe(404);
    expect((await show(a.reader, 'abc')).statusCode).toBe(404);
  });

  it('refuses 401 anonymous, 403 without the permission, 422 for bad input; offers no index', async () => {
    expect((await store(a.anonymous, { name: 'x', user_ids: [1] })).statusCode).toBe(401);
    expect((await store(a.reader, { name: 'x', user_ids: [1] })).statusCode).toBe(403);
    expect((await show(a.nobody, 1)).statusCode).toBe(403);
    const bad = await store(a.lister, { name: '', user_ids: [] });
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual(['name', 'user_ids']);
    expect(
      (await ctx.app.inject({ url: '/api/organisation/saved-list/', headers: a.lister })).statusCode,
    ).toBe(405);
  });
});
