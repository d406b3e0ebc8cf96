import { z } from 'zod';
import { paginationMetaSchema, paginationQuerySchema } from '../catalogue/pagination.js';
import { MAX_ROW_ID } from '../ids.js';

/*
 * The query every report and analytics call takes (platform-foundation §7 "Reports", "Analytics";
 * docs/reports.md "Filters"). One schema: the API validates with it and the web forms resolve with it.
 */

/** A query value that may be given once (`team=3`) or repeated (`team=3&team=4`): always a list of ids. */
function idFilter(what: string) {
  const message = `Each ${what} must be named by its id.`;
  return z
    .preprocess(
      (value) => (value === undefined || Array.isArray(value) ? value : [value]),
      z
        .array(
          z.coerce
            .number({ error: message })
            .int({ error: message })
            .positive({ error: message })
            .max(MAX_ROW_ID, { error: message }),
        )
        .max(100, { error: `At most 100 ${what}s at a time.` }),
    )
    .optional();
}

const reportDate = (label: string) =>
  z.iso.date({ error: `Please enter the ${label} as a date, e.g. 2026-05-01.` });

/** The period and filters every report takes (see {@link reportQuerySchema}). */
const reportQueryFields = {
  from: reportDate('start of the period')
    .optional()
    .describe('First day of the period (YYYY-MM-DD), included.'),
  to: reportDate('end of the period').optional().describe('Last day of the period (YYYY-MM-DD), included.'),
  team: idFilter('team').describe('Only people in this team (repeat for several).'),
  role_profile: idFilter('role profile').describe(
    'Only people holding this role profile (repeat for several).',
  ),
};

/** A period's end may not come before its start; the message is keyed by `to`. */
function periodInOrder(query: { from?: string; to?: string }, context: z.core.$RefinementCtx): void {
  if (query.from && query.to && query.from > query.to) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The end of the period must be on or after its start.',
    });
  }
}

/**
 * `from` and `to` bound the period (both days included); `team` and `role_profile` narrow the
 * people counted (repeat for any of several). Without a period a report covers the last twelve
 * months to today.
 */
export const reportQuerySchema = z.object(reportQueryFields).superRefine(periodInOrder);

export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Rows per page of a list report when `per_page` is not given. */
export const DEFAULT_LIST_REPORT_PER_PAGE = 100;
/**
 * Largest page of a list report: big enough to read a large organisation in few calls, small
 * enough that one page stays quick to compute and send (a whole list is what an export is for).
 */
export const MAX_LIST_REPORT_PER_PAGE = 1000;

/**
 * `page` and `per_page` of a list report: the catalogue's indexes' paging, with a larger page
 * (values outside the range are refused with 422 rather than clamped, so a client bug shows).
 */
export const listReportPageQuerySchema = paginationQuerySchema(
  MAX_LIST_REPORT_PER_PAGE,
  DEFAULT_LIST_REPORT_PER_PAGE,
);

/**
 * The query of a list report (one row per person or record): the period and filters of every
 * report plus `page` and `per_page`.
 */
export const listReportQuerySchema = z
  .object({ ...reportQueryFields, ...listReportPageQuerySchema.shape })
  .superRefine(periodInOrder);

export type ListReportQuery = z.infer<typeof listReportQuerySchema>;

/** The period a report covers once its defaults are applied. */
export type ReportPeriod = { from: string; to: string };

/** A report's figures for one group, e.g. one team: its label and count. */
export const reportCountRowSchema = z.object({
  id: z.number().int().nullable().describe('The group’s id, or null for "none".'),
  label: z.string().describe('The group’s name.'),
  count: z.number().int().describe('How many people or records fall in the group.'),
});

/** What a report's figures cover: its period and filters. */
const reportMetaFields = {
  from: z.iso.date().describe('First day of the period covered.'),
  to: z.iso.date().describe('Last day of the period covered.'),
  team: z.array(z.number().int()).describe('The teams it was narrowed to (empty: all).'),
  role_profile: z.array(z.number().int()).describe('The role profiles it was narrowed to (empty: all).'),
};

/** The envelope every report answers: its rows and the period and filters it was computed for. */
export function reportResponseSchema<T extends z.ZodType>(row: T, description: string) {
  return z
    .object({
      data: z.array(row).describe(description),
      meta: z.object(reportMetaFields).describe('What the figures cover.'),
    })
    .describe('A report’s rows and what they cover.');
}

/**
 * The envelope a list report answers: one page of its rows, and beside the period and filters
 * where the page sits in the whole list (`current_page`, `per_page`, `total`, as the catalogue's
 * indexes answer).
 */
export function listReportResponseSchema<T extends z.ZodType>(row: T, description: string) {
  return z
    .object({
      data: z.array(row).describe(`${description} One page of them.`),
      meta: z
        .object({
          ...reportMetaFields,
          ...paginationMetaSchema.shape,
        })
        .describe('What the rows cover and where the page sits in the whole list.'),
    })
    .describe('One page of a list report’s rows and what they cover.');
}

/** What a diversity cell holds: a count, or `<5` when fewer than five people would be shown. */
export const suppressedCountSchema = z
  .union([z.number().int(), z.literal('<5')])
  .describe('How many people; `<5` when between 1 and 4, so that no one is identified.');
