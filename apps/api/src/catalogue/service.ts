import type { PgColumn } from 'drizzle-orm/pg-core';
import { parseRowId, type PaginationMeta } from '@muster/contract';
import type { Database, Executor } from '../db/client.js';
import { HttpError, validationError } from '../plugins/errors.js';
import { parentsOf, type ResourceBinding } from './bindings/index.js';
import type { ListQuery } from './list-query.js';
import {
  ancestorIds,
  columnsOf,
  deleteRow,
  findRow,
  hasChildRows,
  insertRow,
  listRows,
  ownedRowExists,
  tableAccess,
  updateRow,
  type ColumnFilter,
  type Owner,
  type StoredRow,
  type TableAccess,
} from './repository.js';

/** A wire object: snake_case keys, as the contract's schemas describe. */
export type WireObject = Record<string, unknown>;

/** Columns the server fills itself; a body can never set them even if a schema named them. */
const SERVER_COLUMNS = new Set(['id', 'organisationId', 'createdAt', 'updatedAt', 'createdBy']);

/** `parent_id` → `parentId`. */
export function camelKey(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Who is calling a service, for the records it stamps. */
export type Actor = { userId: number | null };

/** The generic operations over one binding; every call is scoped by the owner it is given. */
export type ResourceService = {
  /** Resolves the route's parent `{param}`s to an owner; 404 when one is not a row of the organisation. */
  owner(organisationId: number, params: Record<string, string>): Promise<Owner>;
  list(owner: Owner, query: ListQuery): Promise<{ data: WireObject[]; meta: PaginationMeta }>;
  show(owner: Owner, rawId: string): Promise<WireObject>;
  store(owner: Owner, body: WireObject, actor: Actor): Promise<WireObject>;
  update(owner: Owner, rawId: string, body: WireObject): Promise<WireObject>;
  destroy(owner: Owner, rawId: string): Promise<void>;
};

/**
 * Checks that the binding's schemas fit its table (every wire field maps to a column the client
 * may see or set), so that a mistake in a binding stops the server at start rather than per request.
 */
export function assertBindingFitsTable(binding: ResourceBinding): void {
  const columns = columnsOf(binding.table);
  for (const key of Object.keys(binding.row.shape)) {
    if (key === FILE_URL && 'fileId' in columns) {
      continue;
    }
    if (!(camelKey(key) in columns)) {
      throw new Error(`${binding.entry}: row field ${key} has no column ${camelKey(key)}.`);
    }
  }
  for (const key of Object.keys(binding.body?.shape ?? {})) {
    if (!(camelKey(key) in columns) || SERVER_COLUMNS.has(camelKey(key))) {
      throw new Error(`${binding.entry}: body field ${key} does not map to a writable column.`);
    }
  }
  for (const parent of parentsOf(binding)) {
    if (!(parent.column in columns)) {
      throw new Error(`${binding.entry}: parent column ${parent.column} does not exist.`);
    }
  }
  if (!binding.global && !('organisationId' in columns)) {
    throw new Error(`${binding.entry}: an organisation-owned table needs organisation_id.`);
  }
}

/** The one computed row field: a link reading the row's `file_id`, for whoever may read the row. */
const FILE_URL = 'file_url';

/** What a service needs beyond its binding. */
export type ResourceServiceOptions = {
  /** Signs an hour-long link that reads a file of the organisation (rows with `file_url`). */
  fileUrl?: (organisationId: number, fileId: string) => string;
};

/** Builds the service of one binding. */
export function createResourceService(
  db: Database,
  binding: ResourceBinding,
  options: ResourceServiceOptions = {},
): ResourceService {
  const idKey = binding.idColumn ?? 'id';
  const integerIds = idKey === 'id';
  const access: TableAccess = tableAccess(binding.table, {
    idKey,
    global: binding.global ?? false,
    parentKeys: parentsOf(binding).map((parent) => parent.column),
    orderBy: binding.orderBy,
  });
  const columns = columnsOf(binding.table);
  const rowFields = Object.keys(binding.row.shape).filter((key) => camelKey(key) in columns);
  const searchColumns = rowFields.flatMap((key) => {
    const candidate = columns[camelKey(key)];
    // Only text is searched: a date or an enum-like code is filtered, not searched.
    return candidate !== undefined && /^(text|varchar)/.test(candidate.getSQLType().toLowerCase())
      ? [candidate]
      : [];
  });
  const rowKeys = Object.keys(binding.row.shape);
  const notFound = () => new HttpError(404, `The ${binding.label} was not found.`);

  const fileUrl = rowKeys.includes(FILE_URL) ? options.fileUrl : undefined;
  const toWire = (row: StoredRow): WireObject => {
    const wire: WireObject = Object.fromEntries(
      rowKeys
        .filter((key) => key !== FILE_URL)
        .map((key) => {
          const value = row[camelKey(key)];
          // Timestamps travel as ISO 8601 text, as every other time on the wire.
          return [key, value instanceof Date ? value.toISOString() : value];
        }),
    );
    // An attached file is its owner's; whoever may read the record it is attached to gets a link.
    if (fileUrl && typeof row.fileId === 'string' && typeof row.organisationId === 'number') {
      wire[FILE_URL] = fileUrl(row.organisationId, row.fileId);
    }
    return wire;
  };

  const toValues = (body: WireObject): StoredRow => {
    const values: StoredRow = {};
    for (const [key, value] of Object.entries(body)) {
      const column = camelKey(key);
      if (value !== undefined && !SERVER_COLUMNS.has(column)) {
        values[column] = value;
      }
    }
    return values;
  };

  const parseId = (raw: string): number | string => {
    if (!integerIds) {
      return raw;
    }
    const id = parseRowId(raw);
    if (id === null) {
      throw notFound();
    }
    return id;
  };

  /** 422 for body fields naming rows the organisation does not have, or making a loop of a tree. */
  const checkReferences = async (
    tx: Executor,
    owner: Owner,
    body: WireObject,
    selfId?: number,
  ): Promise<void> => {
    const errors: Record<string, string[]> = {};
    for (const reference of binding.references ?? []) {
      const value = body[reference.field];
      if (typeof value !== 'number') {
        continue;
      }
      if (!(await ownedRowExists(tx, reference.table, owner.organisationId, value))) {
        errors[reference.field] = [reference.message];
        continue;
      }
      if (reference.hierarchy && selfId !== undefined) {
        const above = await ancestorIds(
          tx,
          reference.table,
          camelKey(reference.field),
          owner.organisationId,
          value,
        );
        if (value === selfId || above.includes(selfId)) {
          errors[reference.field] = [reference.hierarchy.cycleMessage];
        }
      }
    }
    if (Object.keys(errors).length > 0) {
      throw validationError(errors);
    }
  };

  return {
    async owner(organisationId, params) {
      const parents = parentsOf(binding);
      const parentIds: number[] = [];
      for (const [index, parent] of parents.entries()) {
        const parentId = parseRowId(params[parent.param] ?? '');
        // A nested parent must sit under the earlier ones where its table says whose it is.
        const parentColumns = columnsOf(parent.table);
        const matching = Object.fromEntries(
          parents
            .slice(0, index)
            .filter((earlier) => earlier.column in parentColumns)
            .map((earlier, earlierIndex) => [earlier.column, parentIds[earlierIndex]]),
        );
        if (
          parentId === null ||
          !(await ownedRowExists(db, parent.table, organisationId, parentId, matching))
        ) {
          throw new HttpError(404, `The ${parent.label} was not found.`);
        }
        parentIds.push(parentId);
      }
      return { organisationId, parentIds };
    },

    async list(owner, query) {
      const filters: ColumnFilter[] = query.filters.map((filter) => {
        const filterColumn = columns[camelKey(filter.field)];
        if (!filterColumn) {
          throw validationError({ [filter.field]: ['There is no such field to filter by.'] });
        }
        return {
          column: filterColumn,
          values: filter.values.map((value) => filterValue(filter.field, filterColumn, value)),
        };
      });
      const sort = query.sort.map((key) => {
        const sortColumn = columns[camelKey(key.field)];
        if (!sortColumn) {
          throw validationError({ sort: [`There is no field "${key.field}" to sort by.`] });
        }
        return { column: sortColumn, descending: key.descending };
      });
      const { rows, total } = await listRows(db, access, owner, {
        page: query.page,
        perPage: query.perPage,
        filters,
        sort,
        ...(query.q === undefined ? {} : { q: query.q }),
        searchColumns,
      });
      return { data: rows.map(toWire), meta: { current_page: query.page, per_page: query.perPage, total } };
    },

    async show(owner, rawId) {
      const row = await findRow(db, access, owner, parseId(rawId));
      if (!row) {
        throw notFound();
      }
      return toWire(row);
    },

    async store(owner, body, actor) {
      return refuseConstraintViolations(binding, () =>
        db.transaction(async (tx) => {
          await checkReferences(tx, owner, body);
          const values = toValues(body);
          if ('createdBy' in columns) {
            // Who created a record is the caller, never a body field.
            values.createdBy = actor.userId;
          }
          return toWire(await insertRow(tx, access, owner, values));
        }),
      );
    },

    async update(owner, rawId, body) {
      const id = parseId(rawId);
      return refuseConstraintViolations(binding, () =>
        db.transaction(async (tx) => {
          if (!(await findRow(tx, access, owner, id))) {
            throw notFound();
          }
          await checkReferences(tx, owner, body, typeof id === 'number' ? id : undefined);
          const values = toValues(body);
          const row =
            Object.keys(values).length === 0
              ? await findRow(tx, access, owner, id)
              : await updateRow(tx, access, owner, id, values);
          if (!row) {
            throw notFound();
          }
          return toWire(row);
        }),
      );
    },

    async destroy(owner, rawId) {
      const id = parseId(rawId);
      await db.transaction(async (tx) => {
        if (!(await findRow(tx, access, owner, id))) {
          throw notFound();
        }
        for (const reference of binding.references ?? []) {
          if (
            reference.hierarchy &&
            typeof id === 'number' &&
            (await hasChildRows(tx, reference.table, camelKey(reference.field), owner.organisationId, id))
          ) {
            throw new HttpError(409, reference.hierarchy.hasChildrenMessage);
          }
        }
        try {
          await deleteRow(tx, access, owner, id);
        } catch (error) {
          if (isForeignKeyViolation(error)) {
            throw new HttpError(409, `The ${binding.label} is still in use and cannot be deleted.`);
          }
          throw error;
        }
      });
    },
  };
}

/** The fields of a table binding an index may filter and sort by: its row fields that are columns. */
export function filterableFields(binding: ResourceBinding): string[] {
  const columns = columnsOf(binding.table);
  return Object.keys(binding.row.shape).filter((key) => {
    const found = columns[camelKey(key)];
    return found !== undefined && found.dataType !== 'json';
  });
}

const INTEGER_TYPES = /^(integer|serial|smallint|smallserial)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A query-string filter value as the column's SQL type; 422 keyed by the field when it cannot be
 * one (a word for a number, a number past the column's range, a date that is no date), so that
 * nothing the database would refuse reaches it.
 */
function filterValue(field: string, column: PgColumn, raw: string): unknown {
  const sqlType = column.getSQLType().toLowerCase();
  const refuse = (sentence: string) => validationError({ [field]: [sentence] });
  if (INTEGER_TYPES.test(sqlType) || sqlType === 'bigint' || sqlType === 'bigserial') {
    const value = Number(raw);
    const limit = INTEGER_TYPES.test(sqlType) ? 2_147_483_647 : Number.MAX_SAFE_INTEGER;
    if (!/^-?\d{1,16}$/.test(raw) || Math.abs(value) > limit) {
      throw refuse('Filter by a whole number.');
    }
    return value;
  }
  if (/^(numeric|real|double precision|decimal)/.test(sqlType)) {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value)) {
      throw refuse('Filter by a number.');
    }
    return column.dataType === 'string' ? raw : value;
  }
  if (sqlType === 'boolean') {
    if (raw === 'true' || raw === '1') {
      return true;
    }
    if (raw === 'false' || raw === '0') {
      return false;
    }
    throw refuse('Filter by true or false.');
  }
  if (sqlType === 'date') {
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`));
    if (!valid || raw < '1900-01-01' || raw > '2999-12-31') {
      throw refuse('Filter by a date such as 2026-01-31.');
    }
    return column.dataType === 'date' ? new Date(`${raw}T00:00:00Z`) : raw;
  }
  if (sqlType.startsWith('timestamp')) {
    const value = new Date(raw);
    const year = value.getUTCFullYear();
    if (Number.isNaN(value.getTime()) || year < 1900 || year > 2999) {
      throw refuse('Filter by a time such as 2026-01-31T09:00:00Z.');
    }
    return column.dataType === 'date' ? value : value.toISOString();
  }
  if (sqlType.startsWith('time')) {
    if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(raw)) {
      throw refuse('Filter by a time of day such as 09:30.');
    }
    return raw;
  }
  if (sqlType === 'uuid' && !UUID.test(raw)) {
    throw refuse('Filter by an identifier.');
  }
  return raw;
}

/** The SQLSTATE and constraint name of a database error, looking through wrapped causes. */
function databaseError(error: unknown): { code: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      const constraint =
        'constraint' in current && typeof current.constraint === 'string' ? current.constraint : undefined;
      return { code: current.code, ...(constraint ? { constraint } : {}) };
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return null;
}

/**
 * Runs a write and turns what only the database can catch into an answer: a named constraint of
 * the binding into 422 at its field, any other duplicate into 409, any other check into 422.
 */
async function refuseConstraintViolations<T>(binding: ResourceBinding, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const found = databaseError(error);
    if (!found || !['23505', '23514', '23502', '23503'].includes(found.code)) {
      throw error;
    }
    const named = found.constraint ? binding.constraints?.[found.constraint] : undefined;
    if (named) {
      throw validationError({ [named.field]: [named.message] });
    }
    if (found.code === '23505') {
      throw new HttpError(409, `This ${binding.label} already exists.`);
    }
    throw validationError(
      {},
      `The ${binding.label} could not be saved: a value breaks a rule of the ${binding.label}.`,
    );
  }
}

/** SQLSTATEs of a delete refused because other rows still refer to the row (NO ACTION, RESTRICT). */
const STILL_REFERENCED = new Set(['23503', '23001']);

/** True when the database refused a delete because another row still refers to the row. */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    if ('code' in current && typeof current.code === 'string' && STILL_REFERENCED.has(current.code)) {
      return true;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
