import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpensesOverviewRow } from '@muster/contract';
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
 * GET /reports/expenses/overview over a hand-built organisation: the expected totals are summed
 * here from the expenses listed in plain data, not by the report's SQL.
 */

let ctx: TestContext;
let f: ExpenseFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildExpenseFixture(ctx);
});
afterAll(() => ctx?.close());

const PATH = '/reports/expenses/overview';
const get = (query: string, caller: Parameters<typeof getAs>[1] = f.reader) =>
  getAs(ctx, caller, PATH, query);

function expected(from: string, to: string, teams: ('north' | 'south')[] = []): ExpensesOverviewRow[] {
  const expenses = expensesOf(f, from, to, teams);
  return [
    {
      ...amountsOf(expenses),
      claims: new Set(expenses.flatMap((e) => (e.claim === null ? [] : [e.claim]))).size,
      people: new Set(expenses.map((e) => e.user)).size,
    },
  ];
}

describe('GET /reports/expenses/overview', () => {
  it('totals the expenses spent in the period by standing, both edge days included', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-06-30'],
      ['2025-01-01', '2025-12-31'],
      ['2026-06-30', '2026-07-01'],
      ['2026-01-02', '2026-06-29'],
      ['2026-08-01', '2026-08-31'],
    ] as const) {
      const response = await get(`?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Answer<ExpensesOverviewRow>>()).toEqual({
        data: expected(from, to),
        meta: { from, to, team: [], role_profile: [] },
      });
    }
  });

  it('gives the figures a reader would check by hand', async () => {
    const [row] = (await get('?from=2026-01-01&to=2026-06-30')).json<Answer<ExpensesOverviewRow>>().data;
    // 1000 waiting, 2000 + 345 approved, 3000 paid, 400 rejected, 250 + 999 not yet claimed.
    expect(row).toEqual({
      expenses: 7,
      total_pence: 7994,
      unclaimed_pence: 1249,
      claimed_pence: 6745,
      awaiting_pence: 1000,
      approved_pence: 5345,
      paid_pence: 3000,
      rejected_pence: 400,
      claims: 4,
      people: 3,
    });
  });

  it('narrows to the people of the teams and role profiles asked for', async () => {
    const north = await get(`?from=2026-01-01&to=2026-12-31&team=${f.team.north}`);
    expect(north.json<Answer<ExpensesOverviewRow>>().data).toEqual(
      expected('2026-01-01', '2026-12-31', ['north']),
    );
    const both = await get(`?from=2026-01-01&to=2026-12-31&team=${f.team.north}&team=${f.team.south}`);
    expect(both.json<Answer<ExpensesOverviewRow>>().data).toEqual(
      expected('2026-01-01', '2026-12-31', ['north', 'south']),
    );
    const drivers = await get(`?from=2026-01-01&to=2026-12-31&role_profile=${f.role.driver}`);
    expect(drivers.json<Answer<ExpensesOverviewRow>>().data).toEqual(
      expected('2026-01-01', '2026-12-31', ['north', 'south']),
    );
  });

  it('never counts another organisation’s expenses', async () => {
    const response = await get('?from=2025-01-01&to=2026-12-31', f.otherReader);
    expect(response.statusCode).toBe(200);
    // Its own single paid expense only, and none of ours.
    expect(response.json<Answer<ExpensesOverviewRow>>().data).toEqual([
      {
        ...amountsOf([]),
        expenses: 1,
        total_pence: 5000,
        claimed_pence: 5000,
        approved_pence: 5000,
        paid_pence: 5000,
        claims: 1,
        people: 1,
      },
    ]);
  });

  it('401 without a session, 403 without view-reports, 422 for a reversed period', async () => {
    expect((await get('', f.a.anonymous)).statusCode).toBe(401);
    expect((await get('', f.nobody)).statusCode).toBe(403);
    const reversed = await get('?from=2026-05-01&to=2026-04-30');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<Answer<ExpensesOverviewRow>>().errors).toEqual({
      'querystring.to': ['The end of the period must be on or after its start.'],
    });
  });
});
