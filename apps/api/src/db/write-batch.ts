import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
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
 * Writes queued to be sent together: one statement of data-modifying CTEs
 * (`with "w0" as (insert …), "w1" as (insert …) select 1`) in place of one round trip each.
 *
 * Why: a submit writes a dozen small rows, and on PostgreSQL each statement is a round trip whose
 * socket write, protocol parse and driver bookkeeping cost the API far more than the insert costs
 * the database. Only writes whose effects nothing later in the same transaction reads, updates or
 * deletes belong here: the parts of one statement all see the database as it was before it, and
 * run in no promised order. Foreign keys between them are fine (PostgreSQL checks them at the
 * statement's end).
 */
export class WriteBatch {
  readonly #queries: SQL[] = [];

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
    this.#queries.push(query.getSQL());
  }

  /** How many writes are queued. */
  get size(): number {
    return this.#queries.length;
  }

  /** Sends what is queued as one statement (nothing when the batch is empty) and empties it. */
  async flush(): Promise<void> {
    const queries = this.#queries.splice(0);
    const [only] = queries;
    if (only === undefined) {
      return;
    }
    if (queries.length === 1) {
      await this.executor.execute(only);
      return;
    }
    const parts = sql.join(
      queries.map((query, index) => sql`${sql.identifier(`w${String(index)}`)} as (${query})`),
      sql`, `,
    );
    // Named, so that PostgreSQL parses and plans a shape once per connection: a submit's batch of
    // a dozen inserts cost it more to parse and plan than to run.
    const { dialect } = this.executor as unknown as { dialect: PgDialect };
    const query = dialect.sqlToQuery(sql`with ${parts} select 1`);
    await this.executor._.session.prepareQuery(query, undefined, batchNameOf(dialect, query.sql), false).execute();
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
