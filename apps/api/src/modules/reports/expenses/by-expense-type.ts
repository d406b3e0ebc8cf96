import { sql } from 'drizzle-orm';
import { expensesByExpenseTypeResponseSchema, type ExpensesByExpenseTypeRow } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineReport } from '../report.js';
import { rowsOf } from '../sql.js';
import { amountColumns, expensesInPeriod } from './amounts.js';

/**
 * GET /reports/expenses/by-expense-type: one row per expense type of the organisation, unused ones
 * included with zeros so that the list reads the same from one period to the next.
 */
export const expensesByExpenseType = defineReport({
  path: '/reports/expenses/by-expense-type',
  summary: 'Expenses by expense type',
  description:
    'One row per expense type of the organisation (retired ones too, flagged by `active`), largest total first: the expenses of that type spent in the period by people in the chosen teams and role profiles, and their amounts in pence by standing (as the overview).',
  response: expensesByExpenseTypeResponseSchema,
  run: async (scope) => {
    const rows = await rowsOf<ExpensesByExpenseTypeRow>(
      scope.db,
      sql`
        select t.id, t.name as label, t.active, ${amountColumns}
        from expense_types t
        left join expenses e on e.type_id = t.id and ${expensesInPeriod(scope)}
        where t.organisation_id = ${scope.organisationId}
        group by t.id
        order by total_pence desc, label, t.id`,
    );
    return { data: rows, meta: metaOf(scope) };
  },
});
