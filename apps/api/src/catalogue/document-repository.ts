import { and, asc, count, desc, eq, getTableColumns, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { catalogueRecords } from '../db/schema/index.js';
import { insertedRow } from '../db/rows.js';
import { likePattern, rowsWithTotal } from './repository.js';

/** A stored catalogue document. */
export type DocumentRow = typeof catalogueRecords.$inferSelect;

/** Which documents a query may touch: one entry's records of one organisation under one parent. */
export type DocumentScope = { organisationId: number; entry: string; parentKey: string };

/** Sort keys that are columns rather than body fields. */
const COLUMN_SORTS = {
  id: catalogueRecords.id,
  created_at: catalogueRecords.createdAt,
  updated_at: catalogueRecords.updatedAt,
  created_by: catalogueRecords.createdBy,
} as const;

/** An index over documents: each filter lists the JSON values any of which matches. */
export type DocumentListQuery = {
  page: number;
  perPage: number;
  filters: Array<{ field: string; values: unknown[] }>;
  sort: Array<{ field: string; descending: boolean }>;
  q?: string;
};

function scoped(scope: DocumentScope): SQL | undefined {
  return and(
    eq(catalogueRecords.organisationId, scope.organisationId),
    eq(catalogueRecords.entry, scope.entry),
    eq(catalogueRecords.parentKey, scope.parentKey),
  );
}

/** Containment (`body @> {"field": value}`) is what the GIN index answers. */
function bodyHas(field: string, value: unknown): SQL {
  return sql`${catalogueRecords.body} @> ${JSON.stringify({ [field]: value })}::jsonb`;
}

function sortKey(key: { field: string; descending: boolean }): SQL {
  const columnSort = COLUMN_SORTS[key.field as keyof typeof COLUMN_SORTS];
  if (columnSort) {
    return key.descending ? desc(columnSort) : asc(columnSort);
  }
  const value = sql`${catalogueRecords.body} -> ${key.field}`;
  return key.descending ? sql`${value} desc nulls last` : sql`${value} asc nulls last`;
}

/** One page of a scope's documents and how many there are in all. */
export async function listDocuments(
  db: Executor,
  scope: DocumentScope,
  query: DocumentListQuery,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = and(
    scoped(scope),
    ...query.filters.map((filter) => or(...filter.values.map((value) => bodyHas(filter.field, value)))),
    query.q === undefined ? undefined : sql`${catalogueRecords.body}::text ilike ${likePattern(query.q)}`,
  );
  // The page and the count in one statement, as the table resources' (repository.ts `listRows`).
  const counting = db.select({ total: count() }).from(catalogueRecords).where(where);
  const page = await db
    .select({ row: getTableColumns(catalogueRecords), total: sql<number>`(${counting})`.mapWith(Number) })
    .from(catalogueRecords)
    .where(where)
    .orderBy(...query.sort.map(sortKey), asc(catalogueRecords.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return rowsWithTotal<DocumentRow>(page, query.page, () => counting);
}

/** The scope's document with that id, or null. */
export async function findDocument(
  db: Executor,
  scope: DocumentScope,
  id: number,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(catalogueRecords)
    .where(and(scoped(scope), eq(catalogueRecords.id, id)))
    .limit(1);
  return row ?? null;
}

/** The same, locked until the transaction ends (a read-modify-write of the body). */
async function findDocumentForUpdate(
  db: Executor,
  scope: DocumentScope,
  id: number,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(catalogueRecords)
    .where(and(scoped(scope), eq(catalogueRecords.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Stores a new document in the scope. */
export async function insertDocument(
  db: Executor,
  scope: DocumentScope,
  body: Record<string, unknown>,
  createdBy: number | null,
): Promise<DocumentRow> {
  return insertedRow(
    await db
      .insert(catalogueRecords)
      .values({ ...scope, body, createdBy })
      .returning(),
    'catalogue document',
  );
}

/** Merges `changes` into the top level of the document's body; null when there is no such document. */
export async function mergeDocument(
  db: Executor,
  scope: DocumentScope,
  id: number,
  changes: Record<string, unknown>,
): Promise<DocumentRow | null> {
  const current = await findDocumentForUpdate(db, scope, id);
  if (!current) {
    return null;
  }
  const [row] = await db
    .update(catalogueRecords)
    .set({ body: { ...current.body, ...changes } })
    .where(and(scoped(scope), eq(catalogueRecords.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Deletes the document and every document stored under it (`childEntries` whose parent key
 * starts with this document's), so that no record is left under a parent that is gone.
 */
export async function deleteDocument(
  db: Executor,
  scope: DocumentScope,
  id: number,
  param: string,
  childEntries: readonly string[],
): Promise<boolean> {
  const deleted = await db
    .delete(catalogueRecords)
    .where(and(scoped(scope), eq(catalogueRecords.id, id)))
    .returning({ id: catalogueRecords.id });
  if (deleted.length === 0) {
    return false;
  }
  if (childEntries.length > 0) {
    const childKey = `${scope.parentKey === '' ? '' : `${scope.parentKey}&`}${param}=${id}`;
    await db
      .delete(catalogueRecords)
      .where(
        and(
          eq(catalogueRecords.organisationId, scope.organisationId),
          inArray(catalogueRecords.entry, [...childEntries]),
          or(eq(catalogueRecords.parentKey, childKey), like(catalogueRecords.parentKey, `${childKey}&%`)),
        ),
      );
  }
  return true;
}

/** True when the organisation has a document of `entry` with that id under `parentKey`. */
export async function documentExists(db: Executor, scope: DocumentScope, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: catalogueRecords.id })
    .from(catalogueRecords)
    .where(and(scoped(scope), eq(catalogueRecords.id, id)))
    .limit(1);
  return row !== undefined;
}
