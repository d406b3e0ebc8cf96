import { z } from 'zod';

export const teamSiteHeroSchema = z
  .object({
    id: z.number().int().describe('The team (a hero is named by its team’s id).'),
    team_id: z.number().int().describe('The team.'),
    team_name: z.string().describe('The team’s name.'),
    slug: z.string().nullable().describe('The site’s address (`GET /teams/site?slug=…`).'),
    title: z.string().describe('The site’s heading.'),
    intro: z.string().nullable().describe('The site’s introduction.'),
    hero_file_id: z.string().nullable().describe('The hero image; null for none.'),
    hero_url: z
      .string()
      .nullable()
      .describe('A signed link to the hero image, valid for an hour; null for none.'),
  })
  .describe('The hero of a published team site.');

export type TeamSiteHero = z.infer<typeof teamSiteHeroSchema>;

export const teamSiteHeroIndexResponseSchema = z.object({
  data: z.array(teamSiteHeroSchema).describe('Every published team site’s hero, by team name.'),
  meta: z
    .object({
      current_page: z.number().int().describe('Always 1: the list is never paged.'),
      per_page: z.number().int().describe('How many heroes are listed.'),
      total: z.number().int().describe('How many heroes are listed.'),
    })
    .describe('The index envelope’s counts.'),
});

export const teamSiteHeroShowResponseSchema = z.object({ data: teamSiteHeroSchema });
