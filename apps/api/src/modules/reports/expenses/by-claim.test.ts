import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpensesByClaimRow } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  buildExpenseFixture,
  expensesOf,
  getAs,
  type Answer,
  type ExpenseFixture,
} from './expenses-fixture.js';

/*
 * GET /reports/expenses/by-claim over a hand-built organisation: each claim's expected figures
 * are summed here from the expenses listed in plain data, not by the report's SQL.
 */

let ctx: TestContext;
let f: ExpenseFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildExpenseFixture(ctx);
});
afterAll(() => ctx?.close());

const PATH = '/reports/expenses/by-claim';
const get = (query: string, caller: Parameters<typeof getAs>[1] = f.reader) =>
  getAs(ctx, caller, PATH, query);

function expected(from: string, to: string, teams: ('north' | 'south')[] = []): ExpensesByClaimRow[] {
  const inPeriod = expensesOf(f, from, to, teams);
  return f.claims
    .filter((claim) => inPeriod.some((e) => e.claim === claim.id))
    .sort((x, y) => y.submittedAt.localeCompare(x.submittedAt) || y.id - x.id)
    .map((claim) => {
      const own = inPeriod.filter((e) => e.claim === claim.id);
      return {
        id: claim.id,
        label: claim.title,
        user_id: claim.user,
        user_name: f.people.find((p) => p.id === claim.user)?.name ?? '',
        status: claim.status,
        submitted_at: claim.submittedAt,
        decided_at: claim.decidedAt,
        paid_at: claim.paidAt,
        expenses: own.length,
        amount_pence: own.reduce((sum, e) => sum + e.amount, 0),
        claim_total_pence: f.expenses
          .filter((e) => e.claim === claim.id)
          .reduce((sum, e) => sum + e.amount, 0),
      };
    });
}

describe('GET /reports/expenses/by-claim', () => {
  it('lists each claim with an expense spent in the period, newest first, with the part in the period', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-06-30'],
      ['2025-01-01', '2025-12-31'],
      ['2026-07-01', '2026-07-31'],
      ['2026-01-02', '2026-06-29'],
    ] as const) {
      const response = await get(`?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = expected(from, to);
      expect(response.json<Answer<ExpensesByClaimRow>>()).toEqual({
        data: rows,
        meta: { from, to, team: [], role_profile: [], current_page: 1, per_page: 100, total: rows.length },
      });
    }
  });

  it('shows a claim straddling the edge in both periods, each with its own part and the same whole', async () => {
    const before = (await get('?from=2025-12-01&to=2025-12-31')).json<Answer<ExpensesByClaimRow>>().data;
    const after = (await get('?from=2026-01-01&to=2026-01-31')).json<Answer<ExpensesByClaimRow>>().data;
    expect(before.map((row) => [row.amount_pence, row.claim_total_pence, row.user_name])).toEqual([
      [500, 1500, 'Ada North'],
    ]);
    expect(after.map((row) => [row.amount_pence, row.claim_total_pence, row.status])).toEqual([
      [1000, 1500, 'submitted'],
    ]);
  });

  it('narrows to the claimants of the teams asked for', async () => {
    const south = await get(`?from=2025-01-01&to=2026-12-31&team=${f.team.south}`);
    expect(south.json<Answer<ExpensesByClaimRow>>().data).toEqual(
      expected('2025-01-01', '2026-12-31', ['south']),
    );
    expect(south.json<Answer<ExpensesByClaimRow>>().data.every((row) => row.user_name === 'Bea South')).toBe(
      true,
    );
  });

  it('never lists another organisation’s claims', async () => {
    const response = await get('?from=2025-01-01&to=2026-12-31', f.otherReader);
    expect(response.statusCode).toBe(200);
    // Its own single claim only.
    expect(
      response.json<Answer<ExpensesByClaimRow>>().data.map((row) => [row.status, row.amount_pence]),
    ).toEqual([['paid', 5000]]);
  });

  it('401 without a session, 403 without view-reports, 422 for a date that does not exist', async () => {
    expect((await get('', f.a.anonymous)).statusCode).toBe(401);
    expect((await get('', f.nobody)).statusCode).toBe(403);
    const badDate = await get('?to=2026-02-30');
    expect(badDate.statusCode).toBe(422);
    expect(Object.keys(badDate.json<Answer<ExpensesByClaimRow>>().errors)).toEqual(['querystring.to']);
  });
});
