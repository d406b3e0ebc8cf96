import { type z } from 'zod';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { VIEW_USERS } from '../users/service.js';
import { entryAccess } from './access.js';
import { documentScope, ENTRIES } from './documents.js';
import { assertAllFound, parseIdList } from './id-list.js';
import { runQuery } from './query-repository.js';
import { deleteScopeDocuments, lockScopeDocumentIds } from './repository.js';
import {
  MAX_SAVED_QUERY_DELETE_IDS,
  queryBuilderMessages,
  type queryPreviewResponseSchema,
  type savedQueriesDeleteResponseSchema,
  type QueryDefinition,
  type QueryResource,
} from '@muster/contract';

/*
 * The query builder's named calls (platform-foundation §7 "Other organisation admin"): preview
 * and validate a query in the builder's JSON language (query-language.ts), and delete saved
 * queries, which are `organisation.query-builder` documents (their plain CRUD is the generic module's).
 */

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
  const list = parseIdList(rawIds, MAX_SAVED_QUERY_DELETE_IDS);
  const scope = documentScope(organisationId, ENTRIES.queryBuilder);
  return db.transaction(async (tx) => {
    assertAllFound(
      list,
      new Set(await lockScopeDocumentIds(tx, scope, list.ids)),
      queryBuilderMessages.notSaved,
    );
    const deleted = await deleteScopeDocuments(tx, scope, list.ids);
    return { deleted, ids: list.ids };
  });
}
