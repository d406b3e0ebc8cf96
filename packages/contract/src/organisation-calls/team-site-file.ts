import { z } from 'zod';

/** Most files one site offers. */
export const MAX_SITE_FILES = 50;

export const teamSiteFileMessages = {
  notYours: 'The file must be one you uploaded to this organisation.',
  alreadyOnSite: 'This file is already on the site.',
  tooMany: `A site may offer at most ${MAX_SITE_FILES} files.`,
} as const;

export const teamSiteFileBodySchema = z
  .object({
    file_id: z
      .uuid({ error: 'The file must be named by its id.' })
      .describe('An upload of yours (`POST /files`).'),
    name: z
      .string({ error: 'The name must be text.' })
      .trim()
      .min(1, { error: 'Please enter a name.' })
      .max(255, { error: 'The name may be at most 255 characters.' })
      .optional()
      .describe('The name the site shows (default: the file’s own).'),
  })
  .describe('The file to offer on the site.');
