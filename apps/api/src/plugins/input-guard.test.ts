import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';
import { createOrganisation } from '../test/factories/organisation.js';
import { DEPTH_MESSAGE, findInputProblem, MAX_INPUT_DEPTH, NUL_MESSAGE } from './input-guard.js';

/** `{"a":{"a":…1…}}` nested `depth` levels. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('findInputProblem', () => {
  it('finds a NUL in a value or a key, with its path', () => {
    expect(findInputProblem({ a: [{ b: 'x\u0000y' }] })).toEqual({ path: 'a.0.b', kind: 'nul' });
    expect(findInputProblem({ 'k\u0000': 1 })).toEqual({ path: 'k', kind: 'nul' });
    expect(findInputProblem({ a: 'fine', b: [1, 2, { c: null }] })).toBeNull();
  });

  it('refuses nesting beyond the limit without overflowing the stack', () => {
    expect(findInputProblem(JSON.parse(nested(MAX_INPUT_DEPTH)))).toBeNull();
    expect(findInputProblem(JSON.parse(nested(MAX_INPUT_DEPTH + 1)))?.kind).toBe('depth');
    expect(findInputProblem(JSON.parse(nested(100_000)))?.kind).toBe('depth');
  });
});

// Issue 10, finding 12: NUL characters and deep nesting were answered 500.
describe('the input guard on real routes', () => {
  let ctx: TestContext;
  const host = 'input-guard.test';
  beforeAll(async () => {
    ctx = await createTestContext();
    await createOrganisation(ctx.db, { hosts: [host] });
  });
  afterAll(() => ctx?.close());

  it('answers a NUL in a JSON body with 422 at the field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/opportunities/log-apply-action',
      headers: { host },
      payload: { slug: 'beach\u0000clean' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { slug: [NUL_MESSAGE] },
    });
  });

  it('answers %00 in the query or a path parameter with 422', async () => {
    const query = await ctx.app.inject({ url: '/api/motivations/public?limit=1%00', headers: { host } });
    expect(query.statusCode).toBe(422);
    expect(query.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'querystring.limit': [NUL_MESSAGE],
    });
    const param = await ctx.app.inject({
      url: '/api/opportunities/abc%00/application-form',
      headers: { host },
    });
    expect(param.statusCode).toBe(422);
  });

  it('answers a body nested 10,000 deep, with an Idempotency-Key, with 422', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/opportunities/1/apply',
      headers: { host, 'content-type': 'application/json', 'idempotency-key': 'deep-nesting-key-0001' },
      payload: nested(10_000),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: DEPTH_MESSAGE, errors: { a: [DEPTH_MESSAGE] } });
  });
});
