import { z } from 'zod';
import { listReportResponseSchema, reportResponseSchema } from './query.js';

/*
 * `/reports/expenses/*` (platform-foundation §7 "Reports"; docs/reports.md "Expenses"). Every
 * amount is in pence, as expenses are stored. An expense belongs to the period by the day it was
 * spent, so the four reports of one period add up to the same totals.
 */

const pence = (what: string) => z.number().int().describe(`${what}, in pence.`);

/** The money of a set of expenses, split by where each expense stands. */
export const expenseAmountsSchema = z.object({
  expenses: z.number().int().describe('How many expenses.'),
  total_pence: pence('Every expense, claimed or not'),
  unclaimed_pence: pence('Expenses not yet put in a claim'),
  claimed_pence: pence('Expenses put in a claim, whatever its decision (awaiting + approved + rejected)'),
  awaiting_pence: pence('Expenses in a claim still waiting for its decision'),
  approved_pence: pence('Expenses in an approved claim, including those since paid'),
  paid_pence: pence('Expenses in a claim marked paid'),
  rejected_pence: pence('Expenses in a rejected claim'),
});

/** The period's totals: one row. */
export const expensesOverviewRowSchema = expenseAmountsSchema.extend({
  claims: z.number().int().describe('How many claims hold at least one of the expenses.'),
  people: z.number().int().describe('How many people spent them.'),
});

/** One claim holding expenses spent in the period. */
export const expensesByClaimRowSchema = z.object({
  id: z.number().int().describe('The claim’s id.'),
  label: z.string().describe('The claim’s title.'),
  user_id: z.number().int().describe('The claimant’s user id.'),
  user_name: z.string().describe('The claimant’s name (preferred first name and last name).'),
  status: z.enum(['submitted', 'approved', 'rejected', 'paid']).describe('Where the claim stands now.'),
  submitted_at: z.iso.datetime().describe('When it was submitted (UTC).'),
  decided_at: z.iso
    .datetime()
    .nullable()
    .describe('When it was approved or rejected (UTC); null while waiting.'),
  paid_at: z.iso.datetime().nullable().describe('When it was marked paid (UTC); null until then.'),
  expenses: z.number().int().describe('How many of its expenses were spent in the period.'),
  amount_pence: pence('Its expenses spent in the period'),
  claim_total_pence: pence('All its expenses, whenever spent'),
});

/** One person who spent money in the period. */
export const expensesByUserRowSchema = expenseAmountsSchema.extend({
  id: z.number().int().describe('The person’s user id.'),
  label: z.string().describe('The person’s name (preferred first name and last name).'),
  claims: z.number().int().describe('How many of their claims hold the expenses.'),
});

/** One expense type of the organisation. */
export const expensesByExpenseTypeRowSchema = expenseAmountsSchema.extend({
  id: z.number().int().describe('The expense type’s id.'),
  label: z.string().describe('The expense type’s name.'),
  active: z.boolean().describe('False for a type no longer offered (kept for its past expenses).'),
});

export const expensesOverviewResponseSchema = reportResponseSchema(
  expensesOverviewRowSchema,
  'One row: the totals of every expense spent in the period.',
);
export const expensesByClaimResponseSchema = listReportResponseSchema(
  expensesByClaimRowSchema,
  'One row per claim holding an expense spent in the period, newest submission first.',
);
export const expensesByUserResponseSchema = listReportResponseSchema(
  expensesByUserRowSchema,
  'One row per person with an expense spent in the period, largest total first.',
);
export const expensesByExpenseTypeResponseSchema = reportResponseSchema(
  expensesByExpenseTypeRowSchema,
  'One row per expense type of the organisation (unused ones with zeros), largest total first.',
);

export type ExpenseAmounts = z.infer<typeof expenseAmountsSchema>;
export type ExpensesOverviewRow = z.infer<typeof expensesOverviewRowSchema>;
export type ExpensesByClaimRow = z.infer<typeof expensesByClaimRowSchema>;
export type ExpensesByUserRow = z.infer<typeof expensesByUserRowSchema>;
export type ExpensesByExpenseTypeRow = z.infer<typeof expensesByExpenseTypeRowSchema>;
