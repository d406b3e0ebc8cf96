import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { documentScope, ENTRIES } from './documents.js';
import { assertAllFound, parseIdList } from './id-list.js';
import { deleteScopeDocuments, lockScopeDocumentIds } from './repository.js';
import { MAX_SYNC_CLEAR_IDS, INTEGRATION, integrationSyncMessages } from '@muster/contract';

/*
 * DELETE /integrations/service/{integrationId}/sync (platform-foundation §7 "Integrations",
 * "DELETE with params"): clears the sync records of one integration (the
 * `integrations.service.sync` documents under `integrationId={id}`, which the generic module
 * lists and stores), all of them or only the listed ones, so that the next sync starts afresh.
 */

/**
 * Deletes the integration's sync records of the organisation, in one transaction. With `ids`, all
 * or nothing: an id that is not one of this integration's records (another organisation's or
 * another integration's included) is a 422 at `querystring.ids.{i}` and nothing goes.
 */
export async function clearIntegrationSync(
  db: Database,
  organisationId: number,
  integrationId: string,
  rawIds: string | undefined,
): Promise<{ deleted: number }> {
  if (!INTEGRATION.test(integrationId)) {
    throw new HttpError(404, integrationSyncMessages.integrationNotFound);
  }
  const scope = documentScope(organisationId, ENTRIES.integrationSync, { integrationId });
  return db.transaction(async (tx) => {
    if (rawIds === undefined) {
      return { deleted: await deleteScopeDocuments(tx, scope, null) };
    }
    const list = parseIdList(rawIds, MAX_SYNC_CLEAR_IDS);
    assertAllFound(
      list,
      new Set(await lockScopeDocumentIds(tx, scope, list.ids)),
      integrationSyncMessages.notFound,
    );
    return { deleted: await deleteScopeDocuments(tx, scope, list.ids) };
  });
}
