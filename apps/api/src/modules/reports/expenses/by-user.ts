import { sql } from 'drizzle-orm';
import { expensesByUserResponseSchema, type ExpensesByUserRow } from '@muster/contract';
import { metaOf, personName } from '../overview/people.js';
import { defineListReport } from '../report.js';
import { amountColumns, expensesInPeriod } from './amounts.js';

/** GET /reports/expenses/by-user: one row per person who spent money in the period. */
export const expensesByUser = defineListReport({
  path: '/reports/expenses/by-user',
  summary: 'Expenses by person',
  description:
    'One row per person in the chosen teams and role profiles with an expense spent in the period, largest total first: their expenses, the claims holding them, and the amounts in pence by standing (as the overview).',
  response: expensesByUserResponseSchema,
  rows: {
    query: (scope) => sql`
      select u.id, ${personName(sql`u`)} as label, count(distinct e.claim_id)::int as claims, ${amountColumns}
      from expenses e
      join users u on u.id = e.user_id and u.organisation_id = ${scope.organisationId}
      where ${expensesInPeriod(scope)}
      group by u.id`,
    order: sql`total_pence desc, label, id`,
    toRow: (row: ExpensesByUserRow) => row,
  },
  meta: metaOf,
});
