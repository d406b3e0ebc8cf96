import { and, asc, count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { insertedRow } from '../db/rows.js';

/** A stored row, keyed by camelCase column key. */
export type StoredRow = Record<string, unknown>;

/** How the generic queries reach one bound table. */
export type TableAccess = {
  table: PgTable;
  idColumn: PgColumn;
  /** null for global reference data, which no organisation owns. */
  organisationColumn: PgColumn | null;
  /** The column holding the route's parent id (`{teamId}`), when the route has a parent. */
  parentColumn: PgColumn | null;
  orderBy: PgColumn[];
};

/** Whose rows a query may touch: the request's organisation, and the parent row named in the path. */
export type Owner = { organisationId: number; parentId?: number };

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
  options: { idKey: string; global: boolean; parentKey?: string; orderBy: string[] },
): TableAccess {
  const idColumn = column(table, options.idKey);
  return {
    table,
    idColumn,
    organisationColumn: options.global ? null : column(table, 'organisationId'),
    parentColumn: options.parentKey ? column(table, options.parentKey) : null,
    orderBy: [...options.orderBy.map((key) => column(table, key)), idColumn],
  };
}

/** The conditions every query of a resource carries: its organisation and its parent row. */
function ownedBy(access: TableAccess, owner: Owner): SQL | undefined {
  return and(
    access.organisationColumn ? eq(access.organisationColumn, owner.organisationId) : undefined,
    access.parentColumn && owner.parentId !== undefined ? eq(access.parentColumn, owner.parentId) : undefined,
  );
}

/** One page of the owner's rows in list order, plus how many there are in all. */
export async function listRows(
  db: Executor,
  access: TableAccess,
  owner: Owner,
  page: { page: number; perPage: number },
): Promise<{ rows: StoredRow[]; total: number }> {
  const where = ownedBy(access, owner);
  const rows: StoredRow[] = await db
    .select()
    .from(access.table)
    .where(where)
    .orderBy(...access.orderBy.map((orderColumn) => asc(orderColumn)))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [counted] = await db.select({ total: count() }).from(access.table).where(where);
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
  if (access.parentColumn && owner.parentId !== undefined) {
    stamped[keyOf(access.table, access.parentColumn)] = owner.parentId;
  }
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

/** True when `table` (organisation-owned, integer `id`) has that row in the organisation. */
export async function ownedRowExists(
  db: Executor,
  table: PgTable,
  organisationId: number,
  id: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: column(table, 'id') })
    .from(table)
    .where(and(eq(column(table, 'organisationId'), organisationId), eq(column(table, 'id'), id)))
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
