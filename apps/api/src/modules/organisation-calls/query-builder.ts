import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { VIEW_USERS } from '../users/service.js';
import { entryAccess } from './access.js';
import { documentScope, ENTRIES } from './documents.js';
import { assertAllFound, parseIdList } from './id-list.js';
import type { QueryDefinition, QueryResource } from './query-language.js';
import { runQuery } from './query-repository.js';
import { deleteScopeDocuments, lockScopeDocumentIds } from './repository.js';

/*
 * The query builder's named calls (platform-foundation §7 "Other organisation admin"): preview
 * and validate a query in the builder's JSON language (query-language.ts), and delete saved
 * queries, which are `organisation.query-builder` documents (their plain CRUD is the generic module's).
 */

/** Most saved queries one delete takes. */
const MAX_DELETE_IDS = 100;

/**
 * The permission that reading each resource needs anyway: a query never shows more than its
 * author could list through the resource's own routes.
 */
export function resourceReadPermission(resource: QueryResource): string {
  switch (resource) {
    case 'users':
      return VIEW_USERS;
    case 'teams':
      return entryAccess('organisation.teams').read;
    case 'role_profiles':
      return entryAccess('organisation.role-profiles').read;
    case 'events':
      return entryAccess('events').read;
  }
}

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
    .max(1100, { error: `List at most ${MAX_DELETE_IDS} saved queries.` })
    .describe(`Comma-separated ids of the saved queries to delete (1 to ${MAX_DELETE_IDS}).`),
});

export const savedQueriesDeleteResponseSchema = z.object({
  data: z
    .object({
      deleted: z.number().int().describe('How many saved queries were deleted.'),
      ids: z.array(z.number().int()).describe('The ids deleted.'),
    })
    .describe('What was deleted.'),
});

/**
 * Runs a validated query over the organisation's own rows: 403 unless the caller may also read
 * the resource through its own routes.
 */
export async function previewQuery(
  db: Database,
  scope: { organisationId: number; permissions: readonly string[] },
  query: QueryDefinition,
): Promise<z.infer<typeof queryPreviewResponseSchema>> {
  if (!scope.permissions.includes(resourceReadPermission(query.resource))) {
    throw new HttpError(403, queryBuilderMessages.resourceForbidden);
  }
  const { rows, total } = await runQuery(db, scope.organisationId, query);
  return {
    data: rows as Array<Record<string, z.core.util.JSONType>>,
    meta: { total, limit: query.limit, resource: query.resource },
  };
}

/**
 * Deletes the listed saved queries of the organisation in one transaction. All or nothing: an id
 * that names no saved query of the organisation is a 422 at `querystring.ids.{i}` and nothing goes,
 * so another organisation's query is never touched and a mistyped id is noticed.
 */
export async function deleteSavedQueries(
  db: Database,
  organisationId: number,
  rawIds: string,
): Promise<z.infer<typeof savedQueriesDeleteResponseSchema>['data']> {
  const list = parseIdList(rawIds, MAX_DELETE_IDS);
  const scope = documentScope(organisationId, ENTRIES.queryBuilder);
  return db.transaction(async (tx) => {
    assertAllFound(list, new Set(await lockScopeDocumentIds(tx, scope, list.ids)), queryBuilderMessages.notSaved);
    const deleted = await deleteScopeDocuments(tx, scope, list.ids);
    return { deleted, ids: list.ids };
  });
}
