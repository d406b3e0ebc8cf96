import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiversityCategoriesResponse } from '@muster/contract';
import { DIVERSITY_OPTIONS } from '../../../db/seed/reference-data.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { callAs, type Caller } from '../../../test/tenant.js';
import { buildWorld, type World } from './test-world.js';

/* GET /organisation/diversity/categories: the fixed categories with their options (applicant-flow §3.3). */

let ctx: TestContext;
let world: World;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildWorld(ctx);
});
afterAll(() => ctx?.close());

type ErrorAnswer = { errors: Record<string, string[]> };

const get = (caller: Caller | { host: string }, query = '') =>
  callAs(
    ctx.app,
    'headers' in caller ? caller.headers : caller,
    'GET',
    `/api/organisation/diversity/categories${query}`,
  );

const LABELS = {
  gender: 'Gender',
  gender_assigned: 'Gender the same as assigned at birth',
  nationality: 'Nationality',
  ethnicity: 'Ethnicity',
  sexuality: 'Sexual orientation',
  registered_disabled: 'Disability',
  disabled_select: 'Type of disability',
  religion: 'Religion or belief',
} as const;

describe('GET /organisation/diversity/categories', () => {
  it('lists the fixed categories in form order with their options and prefer not to say marked', async () => {
    const response = await get(world.reader, '?from=2026-01-01&to=2026-12-31');
    expect(response.statusCode, response.body).toBe(200);
    const expected = (Object.keys(LABELS) as Array<keyof typeof LABELS>).map((key) => ({
      key,
      label: LABELS[key],
      shown_when: key === 'disabled_select' ? { category: 'registered_disabled', option_id: 37 } : null,
      options: DIVERSITY_OPTIONS.filter((option) => option.field === key).map((option) => ({
        id: option.id,
        label: option.label,
        is_other: option.isOther ?? false,
        prefer_not_to_say: option.label === 'Prefer not to say',
      })),
    }));
    expect(response.json<DiversityCategoriesResponse>()).toEqual({
      data: expected,
      meta: { from: '2026-01-01', to: '2026-12-31', team: [], role_profile: [] },
    });
    const gender = response.json<DiversityCategoriesResponse>().data[0];
    expect(gender?.options.map((option) => option.id)).toEqual([1, 2, 3, 98, 4]);
    expect(gender?.options.filter((option) => option.prefer_not_to_say).map((option) => option.id)).toEqual([
      1,
    ]);
  });

  it('documents every diversity call in the OpenAPI document with its answer and refusals', async () => {
    const response = await ctx.app.inject({
      url: '/api/openapi.json',
      headers: { host: world.a.tenant.host },
    });
    expect(response.statusCode).toBe(200);
    type Operation = { description: string; responses: Record<string, unknown> };
    const paths = response.json<{ paths: Record<string, { get?: Operation }> }>().paths;
    for (const path of [
      '/api/organisation/diversity/categories',
      '/api/organisation/diversity/questions',
      '/api/organisation/diversity/reports/user',
      '/api/organisation/diversity/reports/applicant',
      '/api/organisation/diversity/reports/cleared-applicant',
      '/api/organisation/diversity/reports/user-dob',
      '/api/reports/overview/diversity',
    ]) {
      const operation = paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '401', '403', '422']),
      );
      expect(operation?.description).toContain('`view-reports` and `view-diversity-reports`');
    }
    expect(response.body).toContain('`<5`: 1 to 4 people');
  });

  it('is the same for every organisation (shared reference data)', async () => {
    const mine = await get(world.reader);
    const theirs = await get(world.otherReader);
    expect(theirs.json<DiversityCategoriesResponse>().data).toEqual(
      mine.json<DiversityCategoriesResponse>().data,
    );
  });

  it('401 without a session; 403 with only one of view-reports and view-diversity-reports', async () => {
    expect((await get(world.a.tenant.anonymous)).statusCode).toBe(401);
    expect((await get(world.reportsOnly)).statusCode).toBe(403);
    expect((await get(world.diversityOnly)).statusCode).toBe(403);
  });

  it('422 for a malformed query, as every report call', async () => {
    const response = await get(world.reader, '?from=yesterday');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<ErrorAnswer>().errors)).toEqual(['querystring.from']);
  });
});
