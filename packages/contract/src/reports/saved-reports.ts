import { z } from 'zod';
import { MAX_ROW_ID } from '../ids.js';
import { paginationMetaSchema } from '../catalogue/pagination.js';
import { reportQuerySchema } from './query.js';

/*
 * Saved reports (docs/reports.md "Saved reports"): the generic store, show, update and delete of a
 * report or analytics route keep a named report with its filters, which anyone who may read reports
 * runs again later with `GET {route}{id}` (a rolling period when no dates are saved).
 */

const pathParamId = z
  .number({ error: 'Each path value must be a record’s id.' })
  .int({ error: 'Each path value must be a record’s id.' })
  .positive({ error: 'Each path value must be a record’s id.' })
  .max(MAX_ROW_ID, { error: 'Each path value must be a record’s id.' });

/** What a saved report holds: its name, the report it runs, that report's path values and filters. */
export const savedReportBodySchema = z.object({
  name: z
    .string({ error: 'Please give the saved report a name.' })
    .trim()
    .min(1, { error: 'Please give the saved report a name.' })
    .max(120, { error: 'The name may be at most 120 characters.' })
    .describe('What the saved report is called, unique under its route.'),
  report: z
    .string({ error: 'Please choose the report to save.' })
    .min(1, { error: 'Please choose the report to save.' })
    .max(200, { error: 'Please choose one of the reports under this route.' })
    .describe(
      'The report it runs: its path without `/api`, under the route it is saved on, with `{param}` placeholders (e.g. `/reports/users/by-role`, `/reports/users/skills/dynamic-skill-category/{id}`).',
    ),
  params: z
    .record(z.string(), pathParamId)
    .default({})
    .describe('The values of the report path’s `{param}` placeholders, by name (record ids).'),
  query: reportQuerySchema
    .default({})
    .describe('The filters it runs with (`from`, `to`, `team`, `role_profile`); without dates, the twelve months to the day it is run.'),
});
export type SavedReportBody = z.infer<typeof savedReportBodySchema>;

/** An update names only what changes. */
export const savedReportUpdateSchema = z
  .object({
    name: savedReportBodySchema.shape.name.optional(),
    report: savedReportBodySchema.shape.report.optional(),
    params: z.record(z.string(), pathParamId).optional().describe('New path values (replace the saved ones).'),
    query: reportQuerySchema.optional().describe('New filters (replace the saved ones).'),
  })
  .describe('The fields to change.');
export type SavedReportUpdate = z.infer<typeof savedReportUpdateSchema>;

/** A saved report as answered. */
export const savedReportSchema = z.object({
  id: z.number().int().describe('The saved report’s id.'),
  route: z.string().describe('The report route it is saved under, e.g. `/reports/users/`.'),
  name: z.string().describe('Its name.'),
  report: z.string().describe('The report it runs (path with `{param}` placeholders).'),
  params: z.record(z.string(), z.number().int()).describe('The report path’s values.'),
  query: z
    .object({
      from: z.string().optional(),
      to: z.string().optional(),
      team: z.array(z.number().int()).optional(),
      role_profile: z.array(z.number().int()).optional(),
    })
    .describe('The saved filters.'),
  created_by: z.number().int().nullable().describe('Who saved it (null once they are deleted).'),
  created_at: z.iso.datetime().describe('When it was saved.'),
  updated_at: z.iso.datetime().describe('When it last changed.'),
});
export type SavedReport = z.infer<typeof savedReportSchema>;

/** `GET {route}{id}`: the saved report and what its report answers now. */
export const savedReportRunSchema = savedReportSchema.extend({
  result: z.unknown().describe('The report’s answer, computed now with the saved filters.'),
});

/** `GET {route}` where an index is enabled: a page of the route's saved reports. */
export const savedReportPageSchema = z.object({
  data: z.array(savedReportSchema).describe('The saved reports of the route, newest first.'),
  meta: paginationMetaSchema,
});
