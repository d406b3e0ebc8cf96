import { z } from 'zod';

export const teamSiteDownloadMessages = {
  notOnSite: 'The file is not one of this site’s files.',
} as const;

export const teamSiteDownloadBodySchema = z
  .object({
    file_id: z.uuid({ error: 'The file must be named by its id.' }).describe('One of the site’s files.'),
  })
  .describe('Which file is downloaded.');

export const teamSiteDownloadResponseSchema = z.object({
  data: z
    .object({
      id: z.number().int().describe('The download record.'),
      file_id: z.string().describe('The file.'),
      name: z.string().describe('The file’s name on the site.'),
      download_url: z.string().describe('A signed link to the file, valid for an hour.'),
      downloaded_at: z.string().describe('When (ISO 8601).'),
    })
    .describe('The recorded download.'),
});
