import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { documentScope, ENTRIES } from './documents.js';
import { assertAllFound, parseIdList } from './id-list.js';
import { deleteScopeDocuments, lockScopeDocumentIds } from './repository.js';

/*
 * DELETE /integrations/service/{integrationId}/sync (platform-foundation §7 "Integrations",
 * "DELETE with params"): clears the sync records of one integration (the
 * `integrations.service.sync` documents under `integrationId={id}`, which the generic module
 * lists and stores), all of them or only the listed ones, so that the next sync starts afresh.
 */

/** Most sync records one delete names. */
const MAX_IDS = 100;
/** What an integration's name in the path may be (as the document store's free parents). */
const INTEGRATION = /^[A-Za-z0-9-]{1,64}$/;

export const integrationSyncMessages = {
  integrationNotFound: 'The integration was not found.',
  notFound: 'There is no sync record with this id for this integration.',
} as const;

export const integrationSyncClearQuerySchema = z.object({
  ids: z
    .string({ error: 'List the sync records to delete, e.g. ids=1,2.' })
    .max(MAX_IDS * 11, { error: `List at most ${MAX_IDS} sync records.` })
    .optional()
    .describe(`Comma-separated ids of the sync records to delete (1 to ${MAX_IDS}); without it, every record of the integration.`),
});

export const integrationSyncClearResponseSchema = z.object({
  data: z
    .object({ deleted: z.number().int().describe('How many sync records were deleted.') })
    .describe('What was cleared.'),
});

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
    const list = parseIdList(rawIds, MAX_IDS);
    assertAllFound(list, new Set(await lockScopeDocumentIds(tx, scope, list.ids)), integrationSyncMessages.notFound);
    return { deleted: await deleteScopeDocuments(tx, scope, list.ids) };
  });
}
