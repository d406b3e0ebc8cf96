import { z } from 'zod';

/** Most saved queries one delete takes. */
export const MAX_SAVED_QUERY_DELETE_IDS = 100;

export const queryBuilderMessages = {
  resourceForbidden: 'You do not have permission to read this resource.',
  notSaved: 'There is no saved query with this id.',
} as const;

/** What `preview` answers: the matching rows (whitelisted fields only) and how many match in all. */
export const queryPreviewResponseSchema = z.object({
  data: z
    .array(z.record(z.string(), z.json()).describe('One row: the resource’s whitelisted fields.'))
    .describe('The matching rows, at most the query’s limit.'),
  meta: z
    .object({
      total: z.number().int().describe('How many rows match in all.'),
      limit: z.number().int().describe('The most rows answered.'),
      resource: z.string().describe('The resource queried.'),
    })
    .describe('About the answer.'),
});

/** What `validate` answers for a query the language accepts (a refused one is a 422). */
export const queryValidateResponseSchema = z.object({
  valid: z.literal(true).describe('The query is valid and may be saved or run.'),
});

/** `DELETE /organisation/query-builder/?ids=1,2`: which saved queries to delete. */
export const savedQueriesDeleteQuerySchema = z.object({
  ids: z
    .string({ error: 'List the saved queries to delete, e.g. ids=1,2.' })
    .max(1100, { error: `List at most ${MAX_SAVED_QUERY_DELETE_IDS} saved queries.` })
    .describe(`Comma-separated ids of the saved queries to delete (1 to ${MAX_SAVED_QUERY_DELETE_IDS}).`),
});

export const savedQueriesDeleteResponseSchema = z.object({
  data: z
    .object({
      deleted: z.number().int().describe('How many saved queries were deleted.'),
      ids: z.array(z.number().int()).describe('The ids deleted.'),
    })
    .describe('What was deleted.'),
});
