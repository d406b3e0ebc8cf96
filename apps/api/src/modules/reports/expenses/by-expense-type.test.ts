import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpensesByExpenseTypeRow } from '@muster/contract';
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
 * GET /reports/expenses/by-expense-type over a hand-built organisation: each type's expected
 * figures are summed here from the expenses listed in plain data, not by the report's SQL.
 */

let ctx: TestContext;
let f: ExpenseFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildExpenseFixture(ctx);
});
afterAll(() => ctx?.close());

const PATH = '/reports/expenses/by-expense-type';
const get = (query: string, caller: Parameters<typeof getAs>[1] = f.reader) =>
  getAs(ctx, caller, PATH, query);

function expected(from: string, to: string, teams: ('north' | 'south')[] = []): ExpensesByExpenseTypeRow[] {
  const inPeriod = expensesOf(f, from, to, teams);
  return Object.values(f.type)
    .map((id) => ({
      id,
      label: f.typeNames[id] ?? '',
      active: f.typeActive[id] ?? true,
      ...amountsOf(inPeriod.filter((e) => e.type === id)),
    }))
    .sort((x, y) => y.total_pence - x.total_pence || x.label.localeCompare(y.label) || x.id - y.id);
}

describe('GET /reports/expenses/by-expense-type', () => {
  it('lists every expense type, unused and retired ones with zeros, largest total first', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-06-30'],
      ['2025-01-01', '2025-12-31'],
      ['2026-07-01', '2026-07-01'],
      ['2027-01-01', '2027-12-31'],
    ] as const) {
      const response = await get(`?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Answer<ExpensesByExpenseTypeRow>>()).toEqual({
        data: expected(from, to),
        meta: { from, to, team: [], role_profile: [] },
      });
    }
  });

  it('adds up to the overview of the same period', async () => {
    const rows = (await get('?from=2026-01-01&to=2026-06-30')).json<Answer<ExpensesByExpenseTypeRow>>().data;
    expect(rows.map((row) => [row.label, row.total_pence])).toEqual([
      ['Travel', 6999],
      ['Meals', 995],
      ['Parking', 0],
      ['Postage', 0],
    ]);
    expect(rows.find((row) => row.label === 'Postage')?.active).toBe(false);
  });

  it('narrows the amounts to the teams asked for, keeping every type', async () => {
    const south = await get(`?from=2026-01-01&to=2026-12-31&team=${f.team.south}`);
    expect(south.json<Answer<ExpensesByExpenseTypeRow>>().data).toEqual(
      expected('2026-01-01', '2026-12-31', ['south']),
    );
  });

  it('never counts another organisation’s types or expenses', async () => {
    const response = await get('?from=2025-01-01&to=2026-12-31', f.otherReader);
    expect(response.json<Answer<ExpensesByExpenseTypeRow>>().data).toEqual([
      expect.objectContaining({ label: 'Travel', expenses: 1, paid_pence: 5000 }),
    ]);
    const own = (await get('?from=2025-01-01&to=2026-12-31')).json<Answer<ExpensesByExpenseTypeRow>>().data;
    expect(own.some((row) => row.total_pence === 5000)).toBe(false);
  });

  it('401 without a session, 403 without view-reports, 422 for a role profile that is not an id', async () => {
    expect((await get('', f.a.anonymous)).statusCode).toBe(401);
    expect((await get('', f.nobody)).statusCode).toBe(403);
    const bad = await get('?role_profile=0');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Answer<ExpensesByExpenseTypeRow>>().errors)).toEqual([
      'querystring.role_profile.0',
    ]);
  });
});
