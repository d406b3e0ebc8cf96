import { sql } from 'drizzle-orm';
import { expensesByClaimResponseSchema, type ExpensesByClaimRow } from '@muster/contract';
import { isoUtc, metaOf, personName } from '../overview/people.js';
import { defineListReport } from '../report.js';
import { expensesInPeriod } from './amounts.js';

/**
 * GET /reports/expenses/by-claim: one row per claim holding an expense spent in the period, with
 * what those expenses come to and what the whole claim comes to (a claim may hold expenses
 * spent on both sides of the period's edge).
 */
export const expensesByClaim = defineListReport({
  path: '/reports/expenses/by-claim',
  summary: 'Expenses by claim',
  description:
    'One row per claim holding at least one expense spent in the period by someone in the chosen teams and role profiles, newest submission first: its claimant, status and dates, and in pence the expenses spent in the period (`amount_pence`) and all its expenses (`claim_total_pence`). Expenses not yet in a claim are left out (see the overview’s `unclaimed_pence`).',
  response: expensesByClaimResponseSchema,
  rows: {
    // `sort_submitted_at` (the instant, finer than its text) only orders the rows.
    query: (scope) => sql`
      select c.id, c.title as label, c.user_id, ${personName(sql`u`)} as user_name, c.status,
        ${isoUtc(sql`c.submitted_at`)} as submitted_at,
        ${isoUtc(sql`c.decided_at`)} as decided_at,
        ${isoUtc(sql`c.paid_at`)} as paid_at,
        count(e.id)::int as expenses,
        sum(e.amount_pence)::float8 as amount_pence,
        (select coalesce(sum(whole.amount_pence), 0)::float8
           from expenses whole
          where whole.claim_id = c.id and whole.organisation_id = ${scope.organisationId}) as claim_total_pence,
        c.submitted_at as sort_submitted_at
      from claims c
      join expenses e on e.claim_id = c.id and ${expensesInPeriod(scope)}
      join users u on u.id = c.user_id and u.organisation_id = ${scope.organisationId}
      where c.organisation_id = ${scope.organisationId}
      group by c.id, u.id`,
    order: sql`sort_submitted_at desc, id desc`,
    toRow: (row: ExpensesByClaimRow): ExpensesByClaimRow => ({
      id: row.id,
      label: row.label,
      user_id: row.user_id,
      user_name: row.user_name,
      status: row.status,
      submitted_at: row.submitted_at,
      decided_at: row.decided_at,
      paid_at: row.paid_at,
      expenses: row.expenses,
      amount_pence: row.amount_pence,
      claim_total_pence: row.claim_total_pence,
    }),
  },
  meta: metaOf,
});
