import { type z } from 'zod';
import type { Database } from '../../db/client.js';
import { publishedSiteOf, publishedSites, siteBody } from './team-site.js';
import type { DocumentRow } from '../../catalogue/document-repository.js';
import { type teamSiteHeroIndexResponseSchema, type TeamSiteHero } from '@muster/contract';

/*
 * /team-site-hero index and show (platform-foundation §7 "Team sites", read-only): the banner of
 * each published team site of the organisation (heading, introduction, hero image), for a page
 * that presents the organisation's teams. Derived from the sites, never written on its own;
 * public, as the sites are. Named by team id.
 */

function heroOf(
  team: { id: number; name: string },
  site: DocumentRow,
  linkOf: (fileId: string) => string,
): TeamSiteHero {
  const body = siteBody(site);
  return {
    id: team.id,
    team_id: team.id,
    team_name: team.name,
    slug: body.slug,
    title: body.title,
    intro: body.intro,
    hero_file_id: body.hero_file_id,
    hero_url: body.hero_file_id === null ? null : linkOf(body.hero_file_id),
  };
}

/** The hero of every published site of the organisation, in the index envelope. */
export async function teamSiteHeroes(
  db: Database,
  organisationId: number,
  linkOf: (fileId: string) => string,
): Promise<z.infer<typeof teamSiteHeroIndexResponseSchema>> {
  const data = (await publishedSites(db, organisationId)).map(({ team, site }) => heroOf(team, site, linkOf));
  return { data, meta: { current_page: 1, per_page: data.length, total: data.length } };
}

/** The hero of the organisation's team `rawTeamId`; 404 unless its site is published. */
export async function teamSiteHero(
  db: Database,
  organisationId: number,
  rawTeamId: string,
  linkOf: (fileId: string) => string,
): Promise<TeamSiteHero> {
  const { team, site } = await publishedSiteOf(db, organisationId, rawTeamId);
  return heroOf(team, site, linkOf);
}
