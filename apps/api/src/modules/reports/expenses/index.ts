import type { ReportDefinition } from '../report.js';
import { expensesByClaim } from './by-claim.js';
import { expensesByExpenseType } from './by-expense-type.js';
import { expensesByUser } from './by-user.js';
import { expensesOverview } from './overview.js';

/** `/reports/expenses/*` (platform-foundation §7 "Reports"). */
export const EXPENSE_REPORTS: readonly ReportDefinition[] = [
  expensesOverview,
  expensesByClaim,
  expensesByUser,
  expensesByExpenseType,
];
