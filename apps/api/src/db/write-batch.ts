import {
  getTableColumns,
  getTableUniqueName,
  is,
  Param,
  SQL,
  sql,
  type SQLWrapper,
  type Table,
} from 'drizzle-orm';
import { PgInsertBase, type PgColumn, type PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';
import { statementName } from './statement-name.js';

/**
 * How many batch shapes (the SQL text, which differs with the writes and their row counts) run as
 * named prepared statements on one database handle (one a process, in the server). PostgreSQL
 * keeps each one's plan, about 200 KB, on every connection that ran it; shapes past the first ones
 * run unnamed.
 */
const NAMED_BATCH_SHAPES = 16;
/**
 * The names given, per database handle: keyed by its Drizzle dialect, which the handle's
 * transactions share, so that one handle's shapes never use up another's (the test files that
 * share a worker each open their own).
 */
const batchNames = new WeakMap<PgDialect, Map<string, string>>();

/** The statement name of a batch's SQL text; undefined once {@link NAMED_BATCH_SHAPES} are named. */
function batchNameOf(dialect: PgDialect, text: string): string | undefined {
  let names = batchNames.get(dialect);
  if (names === undefined) {
    names = new Map();
    batchNames.set(dialect, names);
  }
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_BATCH_SHAPES) {
    name = statementName('write_batch', text);
    names.set(text, name);
  }
  return name;
}

/**
 * How many batch shapes keep their SQL text per database handle: a shape past them is built by
 * Drizzle every time, as every shape used to be.
 */
const KEPT_BATCH_SHAPES = 64;

/** A batch shape's statement: its SQL text and, while there are names left, its name. */
type BatchStatement = { text: string; name: string | undefined };

/** The statements of the shapes seen, per database handle (keyed as {@link batchNames}). */
const batchStatements = new WeakMap<PgDialect, Map<string, BatchStatement>>();

/**
 * A plain insert's shape (its table, and per row which columns take a parameter and which their
 * default) and its parameters in the order Drizzle would number them.
 */
type InsertShape = { key: string; params: unknown[] };

/** What Drizzle keeps of an insert (`PgInsertBase.config`, internal but stable across 0.x). */
type InsertConfig = {
  table: Table;
  values: Array<Record<string, unknown>> | SQL;
  withList?: unknown[];
  select?: boolean;
  returning?: unknown;
  onConflict?: SQL;
  overridingSystemValue_?: boolean;
};

/** Per table: a short id for shape keys, and the columns an insert lists, in Drizzle's order. */
const insertColumns = new WeakMap<Table, { id: string; columns: Array<[string, PgColumn]> }>();

function insertColumnsOf(table: Table): { id: string; columns: Array<[string, PgColumn]> } {
  let known = insertColumns.get(table);
  if (known === undefined) {
    known = {
      id: getTableUniqueName(table),
      // Generated columns are left out of an insert (`shouldDisableInsert`, internal to Drizzle).
      columns: (Object.entries(getTableColumns(table)) as Array<[string, PgColumn]>).filter(
        ([, column]) => !(column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert(),
      ),
    };
    insertColumns.set(table, known);
  }
  return known;
}

/** A value as Drizzle hands it to the driver (`Param` chunks in `sqlToQuery`); null when it is SQL. */
function driverValueOf(
  value: unknown,
  column: { mapToDriverValue(value: unknown): unknown },
): { value: unknown } | null {
  const mapped = value === null ? null : column.mapToDriverValue(value);
  return is(mapped, SQL) ? null : { value: mapped };
}

/**
 * The shape and parameters of `query` when it is a plain insert of values (no RETURNING, WITH,
 * SELECT, or SQL among the values), as Drizzle's `buildInsertQuery` would lay it out; null for
 * anything else, which is then built by Drizzle.
 */
function insertShapeOf(query: SQLWrapper, dialect: PgDialect): InsertShape | null {
  if (!is(query, PgInsertBase)) {
    return null;
  }
  const config = (query as unknown as { config: InsertConfig }).config;
  const rows = config.values;
  if (
    config.select === true ||
    config.returning !== undefined ||
    (config.withList?.length ?? 0) > 0 ||
    config.overridingSystemValue_ === true ||
    !Array.isArray(rows)
  ) {
    return null;
  }
  const { id, columns } = insertColumnsOf(config.table);
  const params: unknown[] = [];
  let key = id;
  for (const row of rows) {
    key += ':';
    for (const [field, column] of columns) {
      const value = row[field];
      if (value === undefined || (is(value, Param) && value.value === undefined)) {
        // Drizzle's order: the column's $defaultFn, else its $onUpdate when it has no default,
        // else DEFAULT. A function's value is a parameter (made again on every insert).
        const make = column.defaultFn ?? (column.default ? undefined : column.onUpdateFn);
        if (make === undefined) {
          key += 'd';
          continue;
        }
        const made: unknown = make();
        const driver = is(made, SQL) ? null : driverValueOf(made, column);
        if (driver === null) {
          return null;
        }
        params.push(driver.value);
        key += 'f';
      } else if (is(value, Param)) {
        const driver = driverValueOf(value.value, value.encoder);
        if (driver === null) {
          return null;
        }
        params.push(driver.value);
        key += 'p';
      } else {
        return null;
      }
    }
  }
  if (config.onConflict !== undefined) {
    // Small: its own text is part of the shape, its parameters follow the rows'.
    const conflict = dialect.sqlToQuery(config.onConflict);
    key += `|${conflict.sql}`;
    params.push(...conflict.params);
  }
  return { key, params };
}

/** True when Drizzle's parameters of a batch are the ones its shapes gave, in order. */
function sameParams(built: unknown[], shaped: unknown[]): boolean {
  return (
    built.length === shaped.length &&
    built.every((value, index) => {
      const other = shaped[index];
      return value === other || JSON.stringify(value) === JSON.stringify(other);
    })
  );
}

/** A queued write, with its shape when it is a plain insert. */
type Queued = { query: SQLWrapper; shape: InsertShape | null };

/**
 * Writes queued to be sent together: one statement of data-modifying CTEs
 * (`with "w0" as (insert …), "w1" as (insert …) select 1`) in place of one round trip each.
 *
 * Why: a submit writes a dozen small rows, and on PostgreSQL each statement is a round trip whose
 * socket write, protocol parse and driver bookkeeping cost the API far more than the insert costs
 * the database. Only writes whose effects nothing later in the same transaction reads, updates or
 * deletes belong here: the parts of one statement all see the database as it was before it, and
 * run in no promised order. Foreign keys between them are fine (PostgreSQL checks them at the
 * statement's end).
 *
 * A batch of plain inserts is laid out by Drizzle once per shape (which tables, how many rows,
 * which columns given): after that only its parameters are read off the queued inserts. Building
 * the text of a submit's batch cost more than everything else the batch did in the API.
 */
export class WriteBatch {
  readonly #queued: Queued[] = [];

  /**
   * @param executor where the batch is sent, and what its queries are built with.
   * @param inTransaction false for a batch on the database itself: its one statement is atomic
   *   alone, and {@link ready} refuses it (there is no transaction to run other statements in).
   */
  constructor(
    readonly executor: Executor,
    readonly inTransaction = true,
  ) {}

  /** Queues a write built on this batch's executor (an insert, usually); nothing is sent yet. */
  add(query: SQLWrapper): void {
    this.#queued.push({ query, shape: insertShapeOf(query, this.#dialect) });
  }

  /** How many writes are queued. */
  get size(): number {
    return this.#queued.length;
  }

  get #dialect(): PgDialect {
    return (this.executor as unknown as { dialect: PgDialect }).dialect;
  }

  /** Sends what is queued as one statement (nothing when the batch is empty) and empties it. */
  async flush(): Promise<void> {
    const queued = this.#queued.splice(0);
    const [only] = queued;
    if (only === undefined) {
      return;
    }
    if (queued.length === 1) {
      await this.executor.execute(only.query.getSQL());
      return;
    }
    const dialect = this.#dialect;
    let statements = batchStatements.get(dialect);
    if (statements === undefined) {
      statements = new Map();
      batchStatements.set(dialect, statements);
    }
    const shapes = queued.every((entry) => entry.shape !== null)
      ? queued.map((entry) => entry.shape as InsertShape)
      : null;
    const key = shapes?.map((shape) => shape.key).join('\n') ?? null;
    const known = key === null ? undefined : statements.get(key);
    let query: { sql: string; params: unknown[] };
    let name: string | undefined;
    if (known !== undefined && shapes !== null) {
      query = { sql: known.text, params: shapes.flatMap((shape) => shape.params) };
      name = known.name;
    } else {
      const parts = sql.join(
        queued.map(
          (entry, index) => sql`${sql.identifier(`w${String(index)}`)} as (${entry.query.getSQL()})`,
        ),
        sql`, `,
      );
      query = dialect.sqlToQuery(sql`with ${parts} select 1`);
      // Named, so that PostgreSQL parses and plans a shape once per connection: a submit's batch
      // of a dozen inserts cost it more to parse and plan than to run.
      name = batchNameOf(dialect, query.sql);
      // Kept only when the shape's parameters are Drizzle's own (a $defaultFn makes new values).
      if (
        key !== null &&
        shapes !== null &&
        statements.size < KEPT_BATCH_SHAPES &&
        sameParams(
          query.params,
          shapes.flatMap((shape) => shape.params),
        )
      ) {
        statements.set(key, { text: query.sql, name });
      }
    }
    await this.executor._.session.prepareQuery(query, undefined, name, false).execute();
  }
}

/**
 * Thrown by {@link ready} for a batch outside a transaction: the work needs statements of its own
 * beside the batch's one, so it must be done again inside a transaction.
 */
export class TransactionNeededError extends Error {
  constructor() {
    super('these writes need a transaction');
  }
}

/** Where a write goes: run at once on an executor, or queued in a {@link WriteBatch}. */
export type Writer = Executor | WriteBatch;

/**
 * The executor behind a writer, for a statement that must run at once (a read, a delete, a write
 * whose returned ids are needed). A batch first sends what it holds, so that statement sees every
 * write queued before it: effects keep the order the code asked for them in. A batch outside a
 * transaction throws {@link TransactionNeededError} instead.
 */
export async function ready(writer: Writer): Promise<Executor> {
  if (writer instanceof WriteBatch) {
    if (!writer.inTransaction) {
      throw new TransactionNeededError();
    }
    await writer.flush();
    return writer.executor;
  }
  return writer;
}

/**
 * Runs the write `build` makes, or queues it when `writer` is a batch. `build` gets the executor to
 * build it with; the query is only built here, never run twice.
 */
export async function write(
  writer: Writer,
  build: (db: Executor) => SQLWrapper & PromiseLike<unknown>,
): Promise<void> {
  if (writer instanceof WriteBatch) {
    writer.add(build(writer.executor));
    return;
  }
  await build(writer);
}
