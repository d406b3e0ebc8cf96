import { sql } from 'drizzle-orm';
import { expensesOverviewResponseSchema, type ExpensesOverviewRow } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineReport } from '../report.js';
import { rowsOf } from '../sql.js';
import { amountColumns, expensesInPeriod } from './amounts.js';

/**
 * GET /reports/expenses/overview: one row of totals over every expense spent in the period, split
 * by where each stands (unclaimed, awaiting, approved, paid, rejected), with how many claims and
 * people they come from.
 */
export const expensesOverview = defineReport({
  path: '/reports/expenses/overview',
  summary: 'Expenses: the period’s totals',
  description:
    'One row: the expenses spent in the period (by their `spent_on` day, both ends included) by people in the chosen teams and role profiles, their amounts in pence by standing, and how many claims and people they come from. `approved_pence` includes what has since been paid; `claimed_pence` = awaiting + approved + rejected.',
  response: expensesOverviewResponseSchema,
  run: async (scope) => {
    const rows = await rowsOf<ExpensesOverviewRow>(
      scope.db,
      sql`
        select ${amountColumns},
          count(distinct e.claim_id)::int as claims,
          count(distinct e.user_id)::int as people
        from expenses e
        where ${expensesInPeriod(scope)}`,
    );
    return { data: rows, meta: metaOf(scope) };
  },
});
