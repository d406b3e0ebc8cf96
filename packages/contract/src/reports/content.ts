import { z } from 'zod';
import { listReportResponseSchema } from './query.js';

/*
 * `/reports/hub/documents/` and `/reports/news/articles/` (platform-foundation §7 "Reports";
 * docs/reports.md "News and hub"): how far what the organisation publishes reaches its people.
 * Days are read in the organisation's time zone.
 */

const isoTime = (what: string) => z.iso.datetime().describe(`${what} (ISO 8601, UTC).`);

/** One hub document published by the period's last day, and how it was used in the period. */
export const hubDocumentsReportRowSchema = z.object({
  id: z.number().int().describe('The hub document’s id.'),
  label: z.string().describe('The document’s title.'),
  folder: z.string().nullable().describe('The folder it is filed in; null for none.'),
  team_id: z.number().int().nullable().describe('The team it is for; null for the whole organisation.'),
  published_at: isoTime('When it was published'),
  views: z.number().int().describe('How many times it was opened in the period.'),
  downloads: z.number().int().describe('How many times its file was fetched in the period.'),
  people: z.number().int().describe('How many different people opened or downloaded it in the period.'),
  last_opened_at: isoTime('The last opening or download in the period').nullable(),
});

/** One news article published in the period, and who read it. */
export const newsArticlesReportRowSchema = z.object({
  id: z.number().int().describe('The article’s id.'),
  label: z.string().describe('The article’s headline.'),
  team_id: z.number().int().nullable().describe('The team it is for; null for the whole organisation.'),
  published_at: isoTime('When it was published'),
  audience: z
    .number()
    .int()
    .describe(
      'People it was for: holding a role (in its team, when it has one) on the day it was published.',
    ),
  readers: z.number().int().describe('How many different people had read it by the end of the period.'),
  read_rate: z
    .number()
    .nullable()
    .describe(
      'The share of its audience who had read it by the end of the period, in per cent to one decimal place; null when it had no audience.',
    ),
});

export const hubDocumentsReportResponseSchema = listReportResponseSchema(
  hubDocumentsReportRowSchema,
  'One row per hub document published by the last day of the period (unopened ones with zeros), most used first.',
);
export const newsArticlesReportResponseSchema = listReportResponseSchema(
  newsArticlesReportRowSchema,
  'One row per news article published in the period, newest first.',
);

export type HubDocumentsReportRow = z.infer<typeof hubDocumentsReportRowSchema>;
export type NewsArticlesReportRow = z.infer<typeof newsArticlesReportRowSchema>;
