import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { oncePerHandle } from '../db/once-per-handle.js';
import { insertedRow } from '../db/rows.js';
import { statementName } from '../db/statement-name.js';

/** A stored row, keyed by camelCase column key. */
export type StoredRow = Record<string, unknown>;

/** How the generic queries reach one bound table. */
export type TableAccess = {
  table: PgTable;
  idColumn: PgColumn;
  /** null for global reference data, which no organisation owns. */
  organisationColumn: PgColumn | null;
  /** The columns holding the route's parent ids (`{eventId}`, `{sessionId}`), in path order. */
  parentColumns: PgColumn[];
  orderBy: PgColumn[];
};

/**
 * Whose rows a query may touch: the request's organisation, and the parent rows named in the path
 * (in path order, one per parent column of the table, or the document store's parent key).
 */
export type Owner = { organisationId: number; parentIds: Array<number | string> };

/** One `field=value` condition of an index; several values mean any of them. */
export type ColumnFilter = { column: PgColumn; values: unknown[] };
/** One sort key of an index. */
export type ColumnSort = { column: PgColumn; descending: boolean };
/** What an index asks for beyond its owner: a page, filters, a sort and a text search. */
export type TableListQuery = {
  page: number;
  perPage: number;
  filters: ColumnFilter[];
  sort: ColumnSort[];
  /** Text searched (case-insensitively, as a substring) in `searchColumns`. */
  q?: string;
  searchColumns: PgColumn[];
};

/** `%` and `_` are wildcards of LIKE: a search for them finds them literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The columns of a table by camelCase key. */
export function columnsOf(table: PgTable): Record<string, PgColumn> {
  return getTableColumns(table);
}

function column(table: PgTable, key: string): PgColumn {
  const found = columnsOf(table)[key];
  if (!found) {
    throw new Error(`The table has no column ${key}.`);
  }
  return found;
}

/** Builds the access descriptor of a table from camelCase column keys. */
export function tableAccess(
  table: PgTable,
  options: { idKey: string; global: boolean; parentKeys: string[]; orderBy: string[] },
): TableAccess {
  const idColumn = column(table, options.idKey);
  return {
    table,
    idColumn,
    organisationColumn: options.global ? null : column(table, 'organisationId'),
    parentColumns: options.parentKeys.map((key) => column(table, key)),
    orderBy: [...options.orderBy.map((key) => column(table, key)), idColumn],
  };
}

/** An owner whose ids are filled in when a prepared query runs (see {@link preparedPlainPage}). */
type OwnerPlaceholders = { organisationId: Placeholder; parentIds: Placeholder[] };

/** The conditions every query of a resource carries: its organisation and its parent row. */
function ownedBy(access: TableAccess, owner: Owner | OwnerPlaceholders): SQL | undefined {
  return and(
    access.organisationColumn ? eq(access.organisationColumn, owner.organisationId) : undefined,
    ...access.parentColumns.map((parentColumn, index) => eq(parentColumn, owner.parentIds[index])),
  );
}

/** A page of rows, each with the count of every row the page was cut from. */
type CountedPage = Array<{ row: StoredRow; total: number }>;

/**
 * The page query of {@link listRows}: the rows of one page, each carrying the count of all rows
 * that match (a scalar subquery, read once by PostgreSQL), so that the page and its total come in
 * one statement, one round trip and one snapshot.
 */
function countedPageQuery(db: Executor, access: TableAccess, where: SQL | undefined, order: SQL[]) {
  const counting = db.select({ total: count() }).from(access.table).where(where);
  return db
    .select({ row: columnsOf(access.table), total: sql<number>`(${counting})`.mapWith(Number) })
    .from(access.table)
    .where(where)
    .orderBy(...order);
}

function listOrder(access: TableAccess, sort: ColumnSort[] = []): SQL[] {
  return [
    ...sort.map((key) => (key.descending ? desc(key.column) : asc(key.column))),
    ...access.orderBy.map((orderColumn) => asc(orderColumn)),
  ];
}

type PlainPage = (values: Record<string, unknown>) => Promise<CountedPage>;

/** Prepared plain pages, by table and database handle: built once, not on every request. */
const plainPages = new WeakMap<TableAccess, (db: Executor) => PlainPage>();

/**
 * The page query of an index with no filter, sort or search (the usual one), built once per table
 * with its owner, limit and offset as placeholders: building a select of every column through
 * Drizzle cost more CPU than the rest of the request. On PostgreSQL it is a named prepared
 * statement (parsed once per connection); the name is the SQL's digest, so it is unique to it.
 */
function preparedPlainPage(db: Executor, access: TableAccess): PlainPage {
  let byHandle = plainPages.get(access);
  if (!byHandle) {
    byHandle = oncePerHandle((handle) => {
      const owner: OwnerPlaceholders = {
        organisationId: sql.placeholder('organisationId'),
        parentIds: access.parentColumns.map((_, index) => sql.placeholder(`parent${String(index)}`)),
      };
      const query = countedPageQuery(handle, access, ownedBy(access, owner), listOrder(access))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      const prepared = query.prepare(statementName('catalogue_page', query.toSQL().sql));
      return (values) => prepared.execute(values);
    });
    plainPages.set(access, byHandle);
  }
  return byHandle(db);
}

/** One page of the owner's rows in list order, plus how many there are in all. */
export async function listRows(
  db: Executor,
  access: TableAccess,
  owner: Owner,
  query: TableListQuery,
): Promise<{ rows: StoredRow[]; total: number }> {
  const search =
    query.q === undefined || query.searchColumns.length === 0
      ? undefined
      : or(...query.searchColumns.map((searched) => ilike(searched, likePattern(query.q ?? ''))));
  const plain = query.filters.length === 0 && query.sort.length === 0 && search === undefined;
  const offset = (query.page - 1) * query.perPage;
  const where = (): SQL | undefined =>
    and(
      ownedBy(access, owner),
      ...query.filters.map((filter) =>
        filter.values.length === 1
          ? eq(filter.column, filter.values[0])
          : inArray(filter.column, filter.values),
      ),
      search,
    );
  const page: CountedPage = plain
    ? await preparedPlainPage(
        db,
        access,
      )({
        organisationId: owner.organisationId,
        ...Object.fromEntries(owner.parentIds.map((id, index) => [`parent${String(index)}`, id])),
        limit: query.perPage,
        offset,
      })
    : await countedPageQuery(db, access, where(), listOrder(access, query.sort))
        .limit(query.perPage)
        .offset(offset);
  return rowsWithTotal(page, query.page, () =>
    db.select({ total: count() }).from(access.table).where(where()),
  );
}

/**
 * The rows of a page whose rows each carry the list's total, with that total. An empty first page
 * means an empty list; past the last page no row carries it, so `counting` is built and run then.
 */
export async function rowsWithTotal<R>(
  page: ReadonlyArray<{ row: R; total: number }>,
  pageNumber: number,
  counting: () => PromiseLike<Array<{ total: number }>>,
): Promise<{ rows: R[]; total: number }> {
  const rows = page.map((found) => found.row);
  const first = page[0];
  if (first) {
    return { rows, total: first.total };
  }
  if (pageNumber === 1) {
    return { rows, total: 0 };
  }
  const [counted] = await counting();
  return { rows, total: counted?.total ?? 0 };
}

/** The owner's row with that id, or null (also when it belongs to another organisation). */
export async function findRow(
  db: Executor,
  access: TableAccess,
  owner: Owner,
  id: unknown,
): Promise<StoredRow | null> {
  const [row] = await db
    .select()
    .from(access.table)
    .where(and(ownedBy(access, owner), eq(access.idColumn, id)))
    .limit(1);
  return row ?? null;
}

/** Inserts a row for the owner; `values` are keyed by camelCase column key. */
export async function insertRow(
  db: Executor,
  access: TableAccess,
  owner: Owner,
  values: StoredRow,
): Promise<StoredRow> {
  const stamped: StoredRow = { ...values };
  if (access.organisationColumn) {
    stamped[keyOf(access.table, access.organisationColumn)] = owner.organisationId;
  }
  access.parentColumns.forEach((parentColumn, index) => {
    stamped[keyOf(access.table, parentColumn)] = owner.parentIds[index];
  });
  return insertedRow(await db.insert(access.table).values(stamped).returning(), 'catalogue row');
}

/** Updates the owner's row with that id; null when there is none. */
export async function updateRow(
  db: Executor,
  access: TableAccess,
  owner: Owner,
  id: unknown,
  values: StoredRow,
): Promise<StoredRow | null> {
  const [row] = await db
    .update(access.table)
    .set(values)
    .where(and(ownedBy(access, owner), eq(access.idColumn, id)))
    .returning();
  return row ?? null;
}

/** Deletes the owner's row with that id; false when there is none. */
export async function deleteRow(
  db: Executor,
  access: TableAccess,
  owner: Owner,
  id: unknown,
): Promise<boolean> {
  const deleted = await db
    .delete(access.table)
    .where(and(ownedBy(access, owner), eq(access.idColumn, id)))
    .returning({ id: access.idColumn });
  return deleted.length > 0;
}

/**
 * True when `table` (organisation-owned, integer `id`) has that row in the organisation, with
 * the given values in the given columns (`{eventId: 3}`: a session of that event).
 */
export async function ownedRowExists(
  db: Executor,
  table: PgTable,
  organisationId: number,
  id: number,
  matching: Record<string, unknown> = {},
): Promise<boolean> {
  const [row] = await db
    .select({ id: column(table, 'id') })
    .from(table)
    .where(
      and(
        eq(column(table, 'organisationId'), organisationId),
        eq(column(table, 'id'), id),
        ...Object.entries(matching).map(([key, value]) => eq(column(table, key), value)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The chain of parents above a row of a self-referencing table (nearest first), stopping at
 * `limit` steps so that a corrupt loop cannot run forever.
 */
export async function ancestorIds(
  db: Executor,
  table: PgTable,
  parentKey: string,
  organisationId: number,
  startId: number,
  limit = 1000,
): Promise<number[]> {
  const parentColumn = column(table, parentKey);
  const chain: number[] = [];
  let current: number | null = startId;
  while (current !== null && chain.length < limit) {
    const rows: Array<{ parent: unknown }> = await db
      .select({ parent: parentColumn })
      .from(table)
      .where(and(eq(column(table, 'organisationId'), organisationId), eq(column(table, 'id'), current)))
      .limit(1);
    const parent: unknown = rows[0]?.parent;
    current = typeof parent === 'number' ? parent : null;
    if (current !== null) {
      if (chain.includes(current)) {
        break;
      }
      chain.push(current);
    }
  }
  return chain;
}

/** True when some row of the organisation names `id` in its `parentKey` column. */
export async function hasChildRows(
  db: Executor,
  table: PgTable,
  parentKey: string,
  organisationId: number,
  id: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: column(table, 'id') })
    .from(table)
    .where(and(eq(column(table, 'organisationId'), organisationId), eq(column(table, parentKey), id)))
    .limit(1);
  return row !== undefined;
}

function keyOf(table: PgTable, target: PgColumn): string {
  const entry = Object.entries(columnsOf(table)).find(([, candidate]) => candidate === target);
  if (!entry) {
    throw new Error('The column is not in the table.');
  }
  return entry[0];
}
