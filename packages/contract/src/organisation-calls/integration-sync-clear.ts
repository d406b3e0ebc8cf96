import { z } from 'zod';

/** Most sync records one delete names. */
export const MAX_SYNC_CLEAR_IDS = 100;

/** What an integration's name in the path may be (as the document store's free parents). */
export const INTEGRATION = /^[A-Za-z0-9-]{1,64}$/;

export const integrationSyncMessages = {
  integrationNotFound: 'The integration was not found.',
  notFound: 'There is no sync record with this id for this integration.',
} as const;

export const integrationSyncClearQuerySchema = z.object({
  ids: z
    .string({ error: 'List the sync records to delete, e.g. ids=1,2.' })
    .max(MAX_SYNC_CLEAR_IDS * 11, { error: `List at most ${MAX_SYNC_CLEAR_IDS} sync records.` })
    .optional()
    .describe(
      `Comma-separated ids of the sync records to delete (1 to ${MAX_SYNC_CLEAR_IDS}); without it, every record of the integration.`,
    ),
});

export const integrationSyncClearResponseSchema = z.object({
  data: z
    .object({ deleted: z.number().int().describe('How many sync records were deleted.') })
    .describe('What was cleared.'),
});
