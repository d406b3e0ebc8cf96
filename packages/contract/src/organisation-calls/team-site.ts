import { z } from 'zod';

export const teamSiteMessages = {
  siteNotFound: 'The team has no site.',
  publishedNotFound: 'There is no published team site here.',
  siteExists: 'The team already has a site; change it with PUT.',
  slugTaken: 'Another team’s site already has this address.',
  heroNotAttached: 'The hero image must be one of the site’s files.',
  nameTheSite: 'Give the site’s slug or its team’s id, not both.',
} as const;

/** What a site slug looks like: lower-case words of letters and digits joined by single dashes. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const siteFields = {
  title: z
    .string({ error: 'Please enter a title.' })
    .trim()
    .min(1, { error: 'Please enter a title.' })
    .max(200, { error: 'The title may be at most 200 characters.' })
    .describe('The site’s heading.'),
  slug: z
    .string({ error: 'The address must be text, or null for none.' })
    .trim()
    .toLowerCase()
    .max(64, { error: 'The address may be at most 64 characters.' })
    .regex(SLUG, {
      error: 'The address is lower-case letters and digits in words joined by dashes, e.g. north-wales.',
    })
    .nullable()
    .describe('The site’s address (`GET /teams/site?slug=…`), unique in the organisation; null for none.'),
  intro: z
    .string({ error: 'The introduction must be text, or null for none.' })
    .max(10_000, { error: 'The introduction may be at most 10000 characters.' })
    .nullable()
    .describe('The text under the heading; null for none.'),
  contact_email: z
    .email({ error: 'Please enter a valid email address for the contact form.' })
    .max(254, { error: 'The contact address may be at most 254 characters.' })
    .nullable()
    .describe('Where the contact form’s messages go (never shown on the site); null for no contact form.'),
  published: z.boolean({ error: 'Published must be true or false.' }).describe('The site is public.'),
  hero_file_id: z
    .uuid({ error: 'The hero image must be a file id.' })
    .nullable()
    .describe('One of the site’s files shown as its hero image; null for none.'),
};

export const teamSiteStoreBodySchema = z
  .object({
    title: siteFields.title,
    slug: siteFields.slug.optional(),
    intro: siteFields.intro.optional(),
    contact_email: siteFields.contact_email.optional(),
    published: siteFields.published.optional().describe('The site is public (default false).'),
  })
  .describe('A new team site (files are attached afterwards, POST /teams/{id}/site/file).');

export const teamSiteUpdateBodySchema = z
  .object({
    title: siteFields.title.optional(),
    slug: siteFields.slug.optional(),
    intro: siteFields.intro.optional(),
    contact_email: siteFields.contact_email.optional(),
    published: siteFields.published.optional(),
    hero_file_id: siteFields.hero_file_id.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Please choose at least one field to change.',
  })
  .describe('The fields to change; omitted fields keep their value.');

const siteFileSchema = z
  .object({
    file_id: z.string().describe('The uploaded file.'),
    name: z.string().describe('The name the site shows.'),
    attached_at: z.string().describe('When it was attached (ISO 8601).'),
  })
  .describe('A file offered on the site.');

export const teamSiteSchema = z
  .object({
    id: z.number().int().describe('The site document.'),
    team_id: z.number().int().describe('The team.'),
    title: z.string().describe('The site’s heading.'),
    slug: z.string().nullable().describe('The site’s address; null for none.'),
    intro: z.string().nullable().describe('The text under the heading.'),
    contact_email: z.string().nullable().describe('Where the contact form’s messages go; null for no form.'),
    published: z.boolean().describe('The site is public.'),
    hero_file_id: z.string().nullable().describe('The hero image (one of the files); null for none.'),
    files: z.array(siteFileSchema).describe('The files the site offers, in the order attached.'),
    created_by: z.number().int().nullable().describe('Who made the site.'),
    created_at: z.string().describe('When the site was made.'),
    updated_at: z.string().describe('When the site last changed.'),
  })
  .describe('A team site as its managers see it.');

export type TeamSite = z.infer<typeof teamSiteSchema>;

export const teamSiteResponseSchema = z.object({ data: teamSiteSchema });

export const publicTeamSiteSchema = z
  .object({
    team_id: z.number().int().describe('The team.'),
    team_name: z.string().describe('The team’s name.'),
    title: z.string().describe('The site’s heading.'),
    slug: z.string().nullable().describe('The site’s address.'),
    intro: z.string().nullable().describe('The text under the heading.'),
    has_contact_form: z.boolean().describe('The site takes messages (POST /teams/{id}/site/contact-us).'),
    hero_file_id: z.string().nullable().describe('The hero image; null for none.'),
    files: z
      .array(
        z
          .object({ file_id: z.string().describe('The file.'), name: z.string().describe('Its name.') })
          .describe('A file to download.'),
      )
      .describe('The files offered (POST /teams/{id}/site/log-file-download answers a download link).'),
    updated_at: z.string().describe('When the site last changed.'),
  })
  .describe('A published team site as anyone sees it.');

export type PublicTeamSite = z.infer<typeof publicTeamSiteSchema>;

export const publicTeamSiteResponseSchema = z.object({ data: publicTeamSiteSchema });

export const publicTeamSiteQuerySchema = z.object({
  slug: z.string().trim().toLowerCase().max(64).optional().describe('The site’s address.'),
  team_id: z.string().max(12).optional().describe('Or the team’s id.'),
});
