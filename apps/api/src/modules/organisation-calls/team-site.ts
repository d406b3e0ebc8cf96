import { type z } from 'zod';
import type { DocumentRow } from '../../catalogue/document-repository.js';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { documentScope, documentWire, ENTRIES } from './documents.js';
import {
  entryDocuments,
  firstScopeDocument,
  insertScopeDocument,
  lockOrganisation,
  replaceDocumentBody,
  teamsAmong,
} from './repository.js';
import { teamOf } from './team-hide.js';
import {
  teamSiteMessages,
  type teamSiteStoreBodySchema,
  type teamSiteUpdateBodySchema,
  type publicTeamSiteQuerySchema,
  type TeamSite,
  type PublicTeamSite,
} from '@muster/contract';

/*
 * A team's public site (platform-foundation §7 "Team sites"): GET, POST and PUT /teams/{id}/site
 * for the organisation's team managers, GET /teams/site for anyone (a published site by slug or
 * team id). One `teams.site` document per team (`id={teamId}`); its files are attached by
 * team-site-file.ts, its contact form is team-site-contact-us.ts.
 */

/** A file attached to a site, as the document keeps it. */
export type SiteFile = { file_id: string; name: string; attached_at: string };

/** A site document's body, read defensively (documents are JSON, written only through these calls). */
export type SiteBody = {
  team_id: number;
  title: string;
  slug: string | null;
  intro: string | null;
  contact_email: string | null;
  published: boolean;
  hero_file_id: string | null;
  files: SiteFile[];
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A stored site body with every field in its expected type. */
export function siteBody(row: DocumentRow): SiteBody {
  const body = row.body;
  const files = Array.isArray(body.files)
    ? body.files.flatMap((file: unknown) => {
        const entry = file as Record<string, unknown> | null;
        const fileId = text(entry?.file_id);
        return fileId === null
          ? []
          : [{ file_id: fileId, name: text(entry?.name) ?? '', attached_at: text(entry?.attached_at) ?? '' }];
      })
    : [];
  return {
    team_id: typeof body.team_id === 'number' ? body.team_id : 0,
    title: text(body.title) ?? '',
    slug: text(body.slug),
    intro: text(body.intro),
    contact_email: text(body.contact_email),
    published: body.published === true,
    hero_file_id: text(body.hero_file_id),
    files,
  };
}

/** The managers' wire shape of a site document. */
export function siteWire(row: DocumentRow): TeamSite {
  const wire = documentWire(row);
  return {
    ...siteBody(row),
    id: wire.id,
    created_by: wire.created_by,
    created_at: wire.created_at,
    updated_at: wire.updated_at,
  };
}

/** The public wire shape of a site document (no contact address, no bookkeeping). */
export function publicSiteWire(row: DocumentRow, teamName: string): PublicTeamSite {
  const site = siteBody(row);
  return {
    team_id: site.team_id,
    team_name: teamName,
    title: site.title,
    slug: site.slug,
    intro: site.intro,
    has_contact_form: site.contact_email !== null,
    hero_file_id: site.hero_file_id,
    files: site.files.map(({ file_id, name }) => ({ file_id, name })),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The scope of one team's site document. */
export function siteScope(organisationId: number, teamId: number) {
  return documentScope(organisationId, ENTRIES.teamSite, { id: teamId });
}

/** The team's site document, or null; with `lock`, locked until the transaction ends. */
export async function findSite(
  db: Executor,
  organisationId: number,
  teamId: number,
  options: { lock?: boolean } = {},
): Promise<DocumentRow | null> {
  return firstScopeDocument(db, siteScope(organisationId, teamId), options);
}

/**
 * The published site of the organisation's team `rawTeamId` and the team; 404 when the team is
 * not the organisation's or its site is missing or unpublished (visitors cannot tell which).
 */
export async function publishedSiteOf(
  db: Executor,
  organisationId: number,
  rawTeamId: string,
): Promise<{ team: { id: number; name: string }; site: DocumentRow }> {
  let team;
  try {
    team = await teamOf(db, organisationId, rawTeamId);
  } catch {
    throw new HttpError(404, teamSiteMessages.publishedNotFound);
  }
  const site = await findSite(db, organisationId, team.id);
  if (!site || !siteBody(site).published) {
    throw new HttpError(404, teamSiteMessages.publishedNotFound);
  }
  return { team, site };
}

/** 422 at `slug` when another (existing) team's site of the organisation has it. Call with the organisation locked. */
async function assertSlugFree(
  db: Executor,
  organisationId: number,
  slug: string,
  teamId: number,
): Promise<void> {
  const others = (await entryDocuments(db, organisationId, ENTRIES.teamSite, { slug }))
    .map((row) => siteBody(row).team_id)
    .filter((holder) => holder !== teamId);
  // A site left behind by a deleted team holds no address.
  if ((await teamsAmong(db, organisationId, others)).length > 0) {
    throw validationError({ slug: [teamSiteMessages.slugTaken] });
  }
}

/** The organisation's team's site as its managers see it; 404 without one. */
export async function showTeamSite(
  db: Database,
  organisationId: number,
  rawTeamId: string,
): Promise<TeamSite> {
  const team = await teamOf(db, organisationId, rawTeamId);
  const site = await findSite(db, organisationId, team.id);
  if (!site) {
    throw new HttpError(404, teamSiteMessages.siteNotFound);
  }
  return siteWire(site);
}

/** Creates the team's site; 409 when it has one already, 422 at `slug` for an address in use. */
export async function storeTeamSite(
  db: Database,
  scope: { organisationId: number; userId: number },
  rawTeamId: string,
  body: z.infer<typeof teamSiteStoreBodySchema>,
): Promise<TeamSite> {
  return db.transaction(async (tx) => {
    const team = await teamOf(tx, scope.organisationId, rawTeamId, { lock: true });
    if (await findSite(tx, scope.organisationId, team.id)) {
      throw new HttpError(409, teamSiteMessages.siteExists);
    }
    const slug = body.slug ?? null;
    if (slug !== null) {
      await lockOrganisation(tx, scope.organisationId);
      await assertSlugFree(tx, scope.organisationId, slug, team.id);
    }
    const stored: SiteBody = {
      team_id: team.id,
      title: body.title,
      slug,
      intro: body.intro ?? null,
      contact_email: body.contact_email ?? null,
      published: body.published ?? false,
      hero_file_id: null,
      files: [],
    };
    return siteWire(
      await insertScopeDocument(tx, siteScope(scope.organisationId, team.id), stored, scope.userId),
    );
  });
}

/** Changes the team's site; 404 without one, 422 at `slug` or `hero_file_id` for values it cannot take. */
export async function updateTeamSite(
  db: Database,
  organisationId: number,
  rawTeamId: string,
  body: z.infer<typeof teamSiteUpdateBodySchema>,
): Promise<TeamSite> {
  return db.transaction(async (tx) => {
    const team = await teamOf(tx, organisationId, rawTeamId, { lock: true });
    const site = await findSite(tx, organisationId, team.id, { lock: true });
    if (!site) {
      throw new HttpError(404, teamSiteMessages.siteNotFound);
    }
    const current = siteBody(site);
    if (body.slug !== undefined && body.slug !== null && body.slug !== current.slug) {
      await lockOrganisation(tx, organisationId);
      await assertSlugFree(tx, organisationId, body.slug, team.id);
    }
    if (
      body.hero_file_id !== undefined &&
      body.hero_file_id !== null &&
      !current.files.some((file) => file.file_id === body.hero_file_id)
    ) {
      throw validationError({ hero_file_id: [teamSiteMessages.heroNotAttached] });
    }
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const row = await replaceDocumentBody(tx, siteScope(organisationId, team.id), site.id, {
      ...site.body,
      ...current,
      ...changes,
    });
    return siteWire(row ?? site);
  });
}

/**
 * A published site for anyone, named by `slug` or by `team_id` (exactly one); 404 for a site
 * that is missing, unpublished or another organisation's, 422 when neither or both are given.
 */
export async function publicTeamSite(
  db: Database,
  organisationId: number,
  query: z.infer<typeof publicTeamSiteQuerySchema>,
): Promise<PublicTeamSite> {
  const bySlug = query.slug !== undefined && query.slug !== '';
  const byTeam = query.team_id !== undefined && query.team_id !== '';
  if (bySlug === byTeam) {
    throw validationError({ querystring: [teamSiteMessages.nameTheSite] });
  }
  if (byTeam) {
    const { team, site } = await publishedSiteOf(db, organisationId, query.team_id ?? '');
    return publicSiteWire(site, team.name);
  }
  const [site] = (await entryDocuments(db, organisationId, ENTRIES.teamSite, { slug: query.slug })).filter(
    (row) => siteBody(row).published,
  );
  const [team] = site ? await teamsAmong(db, organisationId, [siteBody(site).team_id]) : [];
  if (!site || !team) {
    throw new HttpError(404, teamSiteMessages.publishedNotFound);
  }
  return publicSiteWire(site, team.name);
}

/** Every published site of the organisation with its team's name, by team name. */
export async function publishedSites(
  db: Executor,
  organisationId: number,
): Promise<Array<{ team: { id: number; name: string }; site: DocumentRow }>> {
  const sites = (await entryDocuments(db, organisationId, ENTRIES.teamSite)).filter(
    (row) => siteBody(row).published,
  );
  const teams = new Map(
    (
      await teamsAmong(
        db,
        organisationId,
        sites.map((row) => siteBody(row).team_id),
      )
    ).map((team) => [team.id, team]),
  );
  return sites
    .flatMap((site) => {
      const team = teams.get(siteBody(site).team_id);
      return team ? [{ team, site }] : [];
    })
    .sort((left, right) => left.team.name.localeCompare(right.team.name) || left.team.id - right.team.id);
}
