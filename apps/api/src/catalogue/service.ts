import { parseRowId, type PaginationMeta } from '@muster/contract';
import type { Database, Executor } from '../db/client.js';
import { HttpError, validationError } from '../plugins/errors.js';
import type { ResourceBinding } from './bindings/index.js';
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
  type Owner,
  type StoredRow,
  type TableAccess,
} from './repository.js';

/** A wire object: snake_case keys, as the contract's schemas describe. */
export type WireObject = Record<string, unknown>;

/** Columns the server fills itself; a body can never set them even if a schema named them. */
const SERVER_COLUMNS = new Set(['id', 'organisationId', 'createdAt', 'updatedAt']);

/** `parent_id` → `parentId`. */
export function camelKey(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}


/** The generic operations over one binding; every call is scoped by the owner it is given. */
export type ResourceService = {
  /** Resolves the route's parent `{param}` to an owner; 404 when it is not a row of the organisation. */
  owner(organisationId: number, params: Record<string, string>): Promise<Owner>;
  list(
    owner: Owner,
    page: { page: number; perPage: number },
  ): Promise<{ data: WireObject[]; meta: PaginationMeta }>;
  show(owner: Owner, rawId: string): Promise<WireObject>;
  store(owner: Owner, body: WireObject): Promise<WireObject>;
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
    if (!(camelKey(key) in columns)) {
      throw new Error(`${binding.entry}: row field ${key} has no column ${camelKey(key)}.`);
    }
  }
  for (const key of Object.keys(binding.body?.shape ?? {})) {
    if (!(camelKey(key) in columns) || SERVER_COLUMNS.has(camelKey(key))) {
      throw new Error(`${binding.entry}: body field ${key} does not map to a writable column.`);
    }
  }
  if (binding.parent && !(binding.parent.column in columns)) {
    throw new Error(`${binding.entry}: parent column ${binding.parent.column} does not exist.`);
  }
  if (!binding.global && !('organisationId' in columns)) {
    throw new Error(`${binding.entry}: an organisation-owned table needs organisation_id.`);
  }
}

/** Builds the service of one binding. */
export function createResourceService(db: Database, binding: ResourceBinding): ResourceService {
  const idKey = binding.idColumn ?? 'id';
  const integerIds = idKey === 'id';
  const access: TableAccess = tableAccess(binding.table, {
    idKey,
    global: binding.global ?? false,
    ...(binding.parent ? { parentKey: binding.parent.column } : {}),
    orderBy: binding.orderBy,
  });
  const rowKeys = Object.keys(binding.row.shape);
  const notFound = () => new HttpError(404, `The ${binding.label} was not found.`);

  const toWire = (row: StoredRow): WireObject =>
    Object.fromEntries(rowKeys.map((key) => [key, row[camelKey(key)]]));

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
      if (!binding.parent) {
        return { organisationId };
      }
      const parentId = parseRowId(params[binding.parent.param] ?? '');
      if (parentId === null || !(await ownedRowExists(db, binding.parent.table, organisationId, parentId))) {
        throw new HttpError(404, `The ${binding.parent.label} was not found.`);
      }
      return { organisationId, parentId };
    },

    async list(owner, page) {
      const { rows, total } = await listRows(db, access, owner, page);
      return { data: rows.map(toWire), meta: { current_page: page.page, per_page: page.perPage, total } };
    },

    async show(owner, rawId) {
      const row = await findRow(db, access, owner, parseId(rawId));
      if (!row) {
        throw notFound();
      }
      return toWire(row);
    },

    async store(owner, body) {
      return db.transaction(async (tx) => {
        await checkReferences(tx, owner, body);
        return toWire(await insertRow(tx, access, owner, toValues(body)));
      });
    },

    async update(owner, rawId, body) {
      const id = parseId(rawId);
      return db.transaction(async (tx) => {
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
      });
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
