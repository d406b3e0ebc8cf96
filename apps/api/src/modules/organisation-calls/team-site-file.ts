import { type z } from 'zod';
import type { Database } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { findFile } from '../files/repository.js';
import { attachFiles } from '../files/service.js';
import { replaceDocumentBody } from './repository.js';
import { findSite, siteBody, siteScope, siteWire } from './team-site.js';
import { teamOf } from './team-hide.js';
import {
  MAX_SITE_FILES,
  teamSiteFileMessages,
  type teamSiteFileBodySchema,
  teamSiteMessages,
  type TeamSite,
} from '@muster/contract';

/*
 * POST /teams/{id}/site/file (platform-foundation §7 "Team sites"): offers an uploaded file
 * (`POST /files`) on the team's site. The file must be the caller's own upload to this
 * organisation; attaching it keeps it from the purge of unattached uploads.
 */

/**
 * Adds the caller's upload to the team's site, in one transaction with marking it attached.
 * 404 when the team or its site is missing; 422 at `file_id` for someone else's file, a file
 * already on the site, or a site that is full.
 */
export async function attachTeamSiteFile(
  db: Database,
  scope: { organisationId: number; userId: number },
  rawTeamId: string,
  body: z.infer<typeof teamSiteFileBodySchema>,
): Promise<TeamSite> {
  return db.transaction(async (tx) => {
    const team = await teamOf(tx, scope.organisationId, rawTeamId, { lock: true });
    const site = await findSite(tx, scope.organisationId, team.id, { lock: true });
    if (!site) {
      throw new HttpError(404, teamSiteMessages.siteNotFound);
    }
    const file = await findFile(tx, scope.organisationId, body.file_id);
    if (!file || file.uploadedByUserId !== scope.userId) {
      throw validationError({ file_id: [teamSiteFileMessages.notYours] });
    }
    const current = siteBody(site);
    if (current.files.some((offered) => offered.file_id === file.id)) {
      throw validationError({ file_id: [teamSiteFileMessages.alreadyOnSite] });
    }
    if (current.files.length >= MAX_SITE_FILES) {
      throw validationError({ file_id: [teamSiteFileMessages.tooMany] });
    }
    const now = new Date();
    await attachFiles(tx, scope.organisationId, [file.id], now);
    const files = [
      ...current.files,
      { file_id: file.id, name: body.name ?? file.originalName, attached_at: now.toISOString() },
    ];
    const row = await replaceDocumentBody(tx, siteScope(scope.organisationId, team.id), site.id, {
      ...site.body,
      ...current,
      files,
    });
    return siteWire(row ?? site);
  });
}
