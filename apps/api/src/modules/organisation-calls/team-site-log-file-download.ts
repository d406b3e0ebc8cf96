import { type z } from 'zod';
import type { Database } from '../../db/client.js';
import { validationError } from '../../plugins/errors.js';
import { findFile } from '../files/repository.js';
import { documentScope, ENTRIES } from './documents.js';
import { insertScopeDocument } from './repository.js';
import { publishedSiteOf, siteBody } from './team-site.js';
import {
  teamSiteDownloadMessages,
  type teamSiteDownloadBodySchema,
  type teamSiteDownloadResponseSchema,
} from '@muster/contract';

/*
 * POST /teams/{id}/site/log-file-download (platform-foundation §7 "Team sites"): a visitor of a
 * published team site downloads one of its files. The download is recorded (a
 * `teams.site.downloads` document under the team: which file, who if signed in, when) and
 * answered with a short-lived signed link to the file, the only way a visitor can read it.
 */

/**
 * Records a download of one of the published site's files and answers a link to it
 * (`linkOf` signs it). 404 when the site is not published here; 422 at `file_id` for a file that
 * is not on the site (or no longer stored).
 */
export async function logTeamSiteFileDownload(
  db: Database,
  scope: { organisationId: number; userId: number | null },
  rawTeamId: string,
  body: z.infer<typeof teamSiteDownloadBodySchema>,
  linkOf: (fileId: string) => string,
): Promise<z.infer<typeof teamSiteDownloadResponseSchema>['data']> {
  return db.transaction(async (tx) => {
    const { team, site } = await publishedSiteOf(tx, scope.organisationId, rawTeamId);
    const fileId = body.file_id.toLowerCase();
    const offered = siteBody(site).files.find((file) => file.file_id.toLowerCase() === fileId);
    if (!offered || !(await findFile(tx, scope.organisationId, fileId))) {
      throw validationError({ file_id: [teamSiteDownloadMessages.notOnSite] });
    }
    const downloadedAt = new Date().toISOString();
    const record = await insertScopeDocument(
      tx,
      documentScope(scope.organisationId, ENTRIES.teamSiteDownloads, { id: team.id }),
      { file_id: offered.file_id, user_id: scope.userId, downloaded_at: downloadedAt },
      scope.userId,
    );
    return {
      id: record.id,
      file_id: offered.file_id,
      name: offered.name,
      download_url: linkOf(offered.file_id),
      downloaded_at: downloadedAt,
    };
  });
}
