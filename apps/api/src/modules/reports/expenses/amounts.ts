import { sql, type SQL } from 'drizzle-orm';
import type { ReportScope } from '../report.js';
import { personFilter } from '../sql.js';

/*
 * What the four expense reports share: which expenses a period covers and how their money is
 * split. An expense belongs to the period by the day it was spent (`spent_on`, a plain date), so
 * the overview, by-claim, by-user and by-expense-type answers of one period add up alike; its
 * standing is its own status, which follows its claim's decision.
 */

/** The expenses (alias `e`) of the organisation spent in the period by people matching the filters. */
export function expensesInPeriod(scope: ReportScope): SQL {
  return sql`e.organisation_id = ${scope.organisationId}
    and e.spent_on between ${scope.period.from}::date and ${scope.period.to}::date
    and ${personFilter(sql`e.user_id`, scope)}`;
}

/** Sums pence as a double: exact for any realistic total, and a plain number from both drivers. */
const pence = (condition: SQL) => sql`coalesce(sum(e.amount_pence) filter (where ${condition}), 0)::float8`;

/** The aggregate columns of the contract's `expenseAmountsSchema` over the grouped expenses `e` (none: zeros). */
export const amountColumns = sql`
  count(e.id)::int as expenses,
  ${pence(sql`e.id is not null`)} as total_pence,
  ${pence(sql`e.claim_id is null`)} as unclaimed_pence,
  ${pence(sql`e.claim_id is not null`)} as claimed_pence,
  ${pence(sql`e.claim_id is not null and e.status = 'pending'`)} as awaiting_pence,
  ${pence(sql`e.claim_id is not null and e.status in ('approved', 'paid')`)} as approved_pence,
  ${pence(sql`e.claim_id is not null and e.status = 'paid'`)} as paid_pence,
  ${pence(sql`e.claim_id is not null and e.status = 'rejected'`)} as rejected_pence`;
