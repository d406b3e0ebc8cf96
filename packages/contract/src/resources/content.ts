import { z } from 'zod';
import { optionalText, requiredText, rowReference, createdBy } from './fields.js';

/*
 * What the organisation publishes to its people: news articles (`/news/`) and hub documents
 * (`/hub/`), each for everyone or one team (platform-foundation §7). Opening one records that the
 * person read it (news) or opened or downloaded it (hub), for the news and hub reports.
 */

const id = z.number().int().positive().describe('Identifier.');
const teamId = z.number().int().nullable().describe('The team it is for; null for the whole organisation.');
const publishedAt = z.iso
  .datetime()
  .nullable()
  .describe('When it is published (ISO 8601, UTC); null: not yet. A future time schedules it.');

/** A date and time with its offset (`2026-05-01T09:00:00Z`, `2026-05-01T10:00:00+01:00`). */
function writeTime(label: string) {
  const message = `Please enter the ${label} as a date and time, e.g. 2026-05-01T09:00:00Z.`;
  return z.iso.datetime({ offset: true, error: message, abort: true }).refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= 1900 && year <= 2999;
    },
    { error: `The ${label} must be between the years 1900 and 2999.` },
  );
}

const writeTeam = rowReference('The team must be a team id.')
  .nullable()
  .optional()
  .describe('The team it is for (a team of the organisation); null for the whole organisation.');
const writePublishedAt = writeTime('publication time')
  .nullable()
  .optional()
  .describe('When it is published, with its offset; null keeps it unpublished (default).');

// ——— News ———

export const newsArticleSchema = z
  .object({
    id,
    title: z.string().describe('The headline.'),
    body: z.string().describe('The article, as written.'),
    team_id: teamId,
    published_at: publishedAt,
    created_by: createdBy,
  })
  .describe('News article');
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const newsArticleBodySchema = z.object({
  title: requiredText('a headline', 255).describe('The headline.'),
  body: requiredText('the article', 50_000).describe('The article, as written.'),
  team_id: writeTeam,
  published_at: writePublishedAt,
});
export type NewsArticleBody = z.infer<typeof newsArticleBodySchema>;

// ——— Hub ———

export const HUB_DOCUMENT_VIEW_KINDS = ['view', 'download'] as const;
export type HubDocumentViewKind = (typeof HUB_DOCUMENT_VIEW_KINDS)[number];

export const hubDocumentSchema = z
  .object({
    id,
    title: z.string().describe('What the document is, e.g. "Volunteer handbook".'),
    description: z.string().nullable().describe('What it covers; null for none.'),
    file_id: z.uuid().describe('The file (read it through the `file_url` that `GET /hub/{id}` answers).'),
    folder: z.string().nullable().describe('The folder it is filed in, e.g. "Policies"; null for none.'),
    team_id: teamId,
    published_at: publishedAt,
    created_by: createdBy,
  })
  .describe('Hub document');
export type HubDocument = z.infer<typeof hubDocumentSchema>;

/** One hub document as `GET /hub/{id}` answers it: with a fresh link to its file. */
export const hubDocumentDetailSchema = hubDocumentSchema
  .extend({
    file_url: z
      .string()
      .describe('A signed link to the file, valid for an hour; fetch the document again for a new one.'),
  })
  .describe('Hub document with a link to its file');
export type HubDocumentDetail = z.infer<typeof hubDocumentDetailSchema>;

export const hubDocumentBodySchema = z.object({
  title: requiredText('a title', 255).describe('What the document is.'),
  description: optionalText('description', 2000).describe('What it covers; null for none.'),
  file_id: z
    .uuid({ error: 'The file must be one you uploaded to this organisation.' })
    .describe('A file the caller uploaded through `POST /api/files` (its id).'),
  folder: optionalText('folder', 255).describe('The folder it is filed in; null for none.'),
  team_id: writeTeam,
  published_at: writePublishedAt,
});
export type HubDocumentBody = z.infer<typeof hubDocumentBodySchema>;

/** `GET /hub/{id}`: `download=true` when the person is about to fetch the file, not only open it. */
export const hubDocumentShowQuerySchema = z.object({
  download: z
    .enum(['true', 'false', '1', '0'], { error: 'Download must be true or false.' })
    .optional()
    .describe('true when the caller is fetching the file (recorded as a download, not a view).'),
});
export type HubDocumentShowQuery = z.infer<typeof hubDocumentShowQuerySchema>;
