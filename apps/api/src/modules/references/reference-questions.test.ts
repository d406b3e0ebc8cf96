import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataEnvelope, organisationReferenceQuestionSchema, paginatedResponseSchema } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { bearerFor } from '../../test/factories/catalogue.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createReferenceQuestionRow } from '../../test/factories/references.js';

/* `/organisation/reference-questions/`: plain CRUD from the generic catalogue module (bindings.ts). */

let ctx: TestContext;
let host: string;
let organisationId: number;
let manager: { authorization: string };
let viewer: { authorization: string };
let nobody: { authorization: string };
const URL = '/api/organisation/reference-questions/';

beforeAll(async () => {
  ctx = await createTestContext();
  const organisation = await createOrganisation(ctx.db);
  organisationId = organisation.id;
  host = organisation.hosts[0] ?? '';
  manager = await bearerFor(ctx.app, organisationId, ['manage-organisation', 'view-users']);
  viewer = await bearerFor(ctx.app, organisationId, ['view-users']);
  nobody = await bearerFor(ctx.app, organisationId, []);
});
afterAll(() => ctx?.close());

describe('/api/organisation/reference-questions/', () => {
  it('lists the organisation’s questions by position to view-users; 401 anonymous, 403 without the permission', async () => {
    const other = await createOrganisation(ctx.db);
    await createReferenceQuestionRow(ctx.db, other.id, { question: 'Theirs?' });
    const second = await createReferenceQuestionRow(ctx.db, organisationId, {
      question: 'Second?',
      position: 2,
    });
    const first = await createReferenceQuestionRow(ctx.db, organisationId, {
      question: 'First?',
      type: 'yes-no',
      compulsory: true,
      position: 1,
    });

    const list = await ctx.app.inject({ url: URL, headers: { host, ...viewer } });
    expect(list.statusCode).toBe(200);
    const body = paginatedResponseSchema(organisationReferenceQuestionSchema).parse(list.json());
    expect(body.data).toEqual([
      { id: first.id, question: 'First?', type: 'yes-no', compulsory: true, position: 1 },
      { id: second.id, question: 'Second?', type: 'text', compulsory: false, position: 2 },
    ]);

    expect((await ctx.app.inject({ url: URL, headers: { host } })).statusCode).toBe(401);
    const forbidden = await ctx.app.inject({ url: URL, headers: { host, ...nobody } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toHaveProperty('message');
  });

  it('stores, updates and deletes a question for a manager', async () => {
    const stored = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { host, ...manager },
      payload: {
        question: ' Would you trust them with money? ',
        type: 'yes-no',
        compulsory: true,
        position: 3,
      },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const { data } = dataEnvelope(organisationReferenceQuestionSchema).parse(stored.json());
    expect(data).toMatchObject({
      question: 'Would you trust them with money?',
      type: 'yes-no',
      compulsory: true,
      position: 3,
    });

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}${data.id}`,
      headers: { host, ...manager },
      payload: { type: 'text', compulsory: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ data: { ...data, type: 'text', compulsory: false } });

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `${URL}${data.id}`,
      headers: { host, ...manager },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: `${URL}${data.id}`, headers: { host, ...viewer } })).statusCode).toBe(
      404,
    );
  });

  it('refuses writes with 401 without a session and 403 without manage-organisation', async () => {
    const question = await createReferenceQuestionRow(ctx.db, organisationId);
    const payload = { question: 'Anything else?', type: 'text' };
    const anonymous = await ctx.app.inject({ method: 'POST', url: URL, headers: { host }, payload });
    expect(anonymous.statusCode).toBe(401);
    for (const [method, url] of [
      ['POST', URL],
      ['PUT', `${URL}${question.id}`],
      ['DELETE', `${URL}${question.id}`],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: { host, ...viewer }, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 422 keyed by field for a missing question or an unknown type, on store and on update', async () => {
    const stored = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { host, ...manager },
      payload: { question: '   ', type: 'essay' },
    });
    expect(stored.statusCode).toBe(422);
    expect(stored.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      question: ['Please enter a question.'],
      type: ['The type must be text or yes-no.'],
    });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { host, ...manager },
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'question',
      'type',
    ]);

    const question = await createReferenceQuestionRow(ctx.db, organisationId);
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}${question.id}`,
      headers: { host, ...manager },
      payload: { compulsory: 'yes' },
    });
    expect(updated.statusCode).toBe(422);
    expect(updated.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      compulsory: ['Compulsory must be true or false.'],
    });
  });
});
