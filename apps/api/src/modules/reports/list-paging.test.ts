import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { callAs, createTenant, type Caller } from '../../test/tenant.js';
import { createVolunteer } from '../exports/test-factories.js';
import { REPORTS } from './reports-list.js';
import { usersVettingByUser } from './users/vetting-by-user.js';

/*
 * List reports answer one page at a time (`page`, `per_page`; meta `current_page`, `per_page`,
 * `total`), over a hand-built team of seven people: the vetting standing of each person is the
 * list, ordered by last name, first name and id.
 */

let ctx: TestContext;
let reader: Caller;
let teamId: number;
/** The team's people in the report's order: [user id, first name, last name]. */
let ordered: Array<[number, string, string]>;

const PATH = usersVettingByUser.path;
const PERIOD = 'from=2026-01-01&to=2030-12-31';

type Row = { user_id: number; first_name: string; last_name: string };
type Answer = {
  data: Row[];
  meta: { from: string; to: string; current_page: number; per_page: number; total: number };
  errors?: Record<string, string[]>;
};

beforeAll(async () => {
  ctx = await createTestContext();
  const tenant = await createTenant(ctx.app);
  reader = await tenant.person(['view-reports']);
  // Made out of order, with a tie on both names that only the id breaks.
  const names: Array<[string, string]> = [
    ['Cara', 'Dunn'],
    ['Zed', 'Ames'],
    ['Bea', 'Ames'],
    ['Cy', 'Byrd'],
    ['Cy', 'Byrd'],
    ['Al', 'Cole'],
    ['Eve', 'Ames'],
  ];
  const made: Array<[number, string, string]> = [];
  for (const [firstName, lastName] of names) {
    const volunteer = await createVolunteer(ctx.db, tenant.id, {
      firstName,
      lastName,
      roles: [['Paging', 'Helper']],
    });
    made.push([volunteer.id, firstName, lastName]);
  }
  const [team] = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organisationId, tenant.id), eq(teams.name, 'Paging')));
  teamId = team?.id ?? 0;
  const [first, second, third, fourth, fifth, sixth, seventh] = made;
  if (!first || !second || !third || !fourth || !fifth || !sixth || !seventh) {
    throw new Error('the seven people were not made');
  }
  // Ames Bea, Ames Eve, Ames Zed, Byrd Cy (lower id first), Byrd Cy, Cole Al, Dunn Cara.
  ordered = [third, seventh, second, fourth, fifth, sixth, first];
}, 60_000);
afterAll(() => ctx?.close());

const get = (query: string) => callAs(ctx.app, reader.headers, 'GET', `/api${PATH}?${PERIOD}&team=${teamId}&${query}`);

async function page(query: string): Promise<Answer> {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer>();
}

const rowsOf = (answer: Answer) => answer.data.map((row) => [row.user_id, row.first_name, row.last_name]);

describe('a list report answers one page at a time', () => {
  it('answers the page asked for, in order, with the whole list’s total', async () => {
    const second = await page('page=2&per_page=3');
    expect(rowsOf(second)).toEqual(ordered.slice(3, 6));
    expect(second.meta).toMatchObject({ from: '2026-01-01', to: '2030-12-31', current_page: 2, per_page: 3, total: 7 });
    const first = await page('page=1&per_page=3');
    expect(rowsOf(first)).toEqual(ordered.slice(0, 3));
    const last = await page('page=3&per_page=3');
    expect(rowsOf(last)).toEqual(ordered.slice(6));
    expect(last.meta.total).toBe(7);
  });

  it('answers an empty page past the end, still with the total', async () => {
    const beyond = await page('page=4&per_page=3');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ current_page: 4, per_page: 3, total: 7 });
    const far = await page('page=1000000&per_page=1000');
    expect(far.data).toEqual([]);
    expect(far.meta.total).toBe(7);
  });

  it('answers the first hundred rows when no page is asked for', async () => {
    const whole = await page('');
    expect(rowsOf(whole)).toEqual(ordered);
    expect(whole.meta).toMatchObject({ current_page: 1, per_page: 100, total: 7 });
  });

  it.each([
    ['per_page=0', 'querystring.per_page', 'The number per page must be at least 1.'],
    ['per_page=1001', 'querystring.per_page', 'The number per page may be at most 1000.'],
    ['per_page=2.5', 'querystring.per_page', 'The number per page must be a whole number.'],
    ['per_page=many', 'querystring.per_page', 'The number per page must be a whole number.'],
    ['page=0', 'querystring.page', 'The page must be at least 1.'],
    ['page=-1', 'querystring.page', 'The page must be at least 1.'],
    ['page=two', 'querystring.page', 'The page must be a whole number.'],
    // Past the safe integers `int()` refuses it, so no offset overflows the database's integer.
    ['page=1e300', 'querystring.page', 'The page must be a whole number.'],
  ])('refuses %s with 422 keyed by the field', async (query, key, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(422);
    const errors = response.json<Answer>().errors ?? {};
    expect(Object.keys(errors)).toEqual([key]);
    expect(errors[key]).toEqual([message]);
  });

  it('offers page and per_page on every list report, and only there', async () => {
    const document = (
      await callAs(ctx.app, {}, 'GET', '/api/openapi.json')
    ).json<{ paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }> }>();
    for (const report of REPORTS) {
      const openApiPath = report.path.replace(/:(\w+)/g, '{$1}');
      const names = (document.paths[`/api${openApiPath}`]?.get?.parameters ?? []).map((p) => p.name);
      expect(names.includes('per_page'), report.path).toBe(report.rows !== undefined);
    }
  });
});
