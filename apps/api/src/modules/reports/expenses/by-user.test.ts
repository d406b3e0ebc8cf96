import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpensesByUserRow } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  amountsOf,
  buildExpenseFixture,
  expensesOf,
  getAs,
  type Answer,
  type ExpenseFixture,
} from './expenses-fixture.js';

/*
 * GET /reports/expenses/by-user over a hand-built organisation: each person's expected figures
 * are summed here from the expenses listed in plain data, not by the report's SQL.
 */

let ctx: TestContext;
let f: ExpenseFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildExpenseFixture(ctx);
});
afterAll(() => ctx?.close());

const PATH = '/reports/expenses/by-user';
const get = (query: string, caller: Parameters<typeof getAs>[1] = f.reader) =>
  getAs(ctx, caller, PATH, query);

function expected(from: string, to: string, teams: ('north' | 'south')[] = []): ExpensesByUserRow[] {
  const inPeriod = expensesOf(f, from, to, teams);
  return f.people
    .filter((person) => inPeriod.some((e) => e.user === person.id))
    .map((person) => {
      const own = inPeriod.filter((e) => e.user === person.id);
      return {
        id: person.id,
        label: person.name,
        claims: new Set(own.flatMap((e) => (e.claim === null ? [] : [e.claim]))).size,
        ...amountsOf(own),
      };
    })
    .sort((x, y) => y.total_pence - x.total_pence || x.label.localeCompare(y.label) || x.id - y.id);
}

describe('GET /reports/expenses/by-user', () => {
  it('gives each person with an expense in the period their amounts, largest first', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-06-30'],
      ['2025-01-01', '2025-12-31'],
      ['2026-06-30', '2026-06-30'],
      ['2026-01-02', '2026-06-29'],
    ] as const) {
      const response = await get(`?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = expected(from, to);
      expect(response.json<Answer<ExpensesByUserRow>>()).toEqual({
        data: rows,
        meta: { from, to, team: [], role_profile: [], current_page: 1, per_page: 100, total: rows.length },
      });
    }
  });

  it('counts the last day and the first day of the period', async () => {
    const lastDay = (await get('?from=2026-06-01&to=2026-06-30')).json<Answer<ExpensesByUserRow>>().data;
    expect(lastDay.map((row) => [row.label, row.paid_pence])).toEqual([['Bea South', 3000]]);
    const firstDay = (await get('?from=2026-01-01&to=2026-01-01')).json<Answer<ExpensesByUserRow>>().data;
    expect(firstDay.map((row) => [row.label, row.awaiting_pence, row.claims])).toEqual([
      ['Ada North', 1000, 1],
    ]);
  });

  it('narrows to the teams asked for: someone in no team drops out', async () => {
    const all = (await get('?from=2026-01-01&to=2026-12-31')).json<Answer<ExpensesByUserRow>>().data;
    expect(all.map((row) => row.label)).toContain('Cal Nowhere');
    const north = await get(`?from=2026-01-01&to=2026-12-31&team=${f.team.north}`);
    expect(north.json<Answer<ExpensesByUserRow>>().data).toEqual(
      expected('2026-01-01', '2026-12-31', ['north']),
    );
    const drivers = await get(`?from=2026-01-01&to=2026-12-31&role_profile=${f.role.driver}`);
    expect(drivers.json<Answer<ExpensesByUserRow>>().data.map((row) => row.label)).not.toContain(
      'Cal Nowhere',
    );
  });

  it('never lists another organisation’s people', async () => {
    const response = await get('?from=2025-01-01&to=2026-12-31', f.otherReader);
    // Its own single claimant only, none of ours.
    const rows = response.json<Answer<ExpensesByUserRow>>().data;
    expect(rows.map((row) => row.total_pence)).toEqual([5000]);
    expect(rows.some((row) => f.people.some((person) => person.id === row.id))).toBe(false);
  });

  it('401 without a session, 403 without view-reports, 422 for a team that is not an id', async () => {
    expect((await get('', f.a.anonymous)).statusCode).toBe(401);
    expect((await get('', f.nobody)).statusCode).toBe(403);
    const badTeam = await get('?team=north');
    expect(badTeam.statusCode).toBe(422);
    expect(Object.keys(badTeam.json<Answer<ExpensesByUserRow>>().errors)).toEqual(['querystring.team.0']);
  });
});
