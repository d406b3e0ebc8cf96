import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Told the tables a committed write changed (SQL names), after the commit and before the code
 * that wrote gets its answer: a listener that returns a promise holds that answer until it settles,
 * so that, for example, a cache is invalidated in every process before the write is reported done.
 */
export type CommittedWriteListener = (tables: ReadonlySet<string>) => Promise<void> | void;

/** The listeners of one database handle. */
export type WriteWatch = {
  /** Adds a listener; answers the function that removes it. */
  listen(listener: CommittedWriteListener): () => void;
  /** Tells every listener; settles when they all have. */
  committed(tables: ReadonlySet<string>): Promise<void>;
};

/** A new, empty set of listeners. */
export function createWriteWatch(): WriteWatch {
  const listeners = new Set<CommittedWriteListener>();
  return {
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async committed(tables) {
      if (tables.size === 0 || listeners.size === 0) {
        return;
      }
      await Promise.all([...listeners].map(async (listener) => listener(tables)));
    },
  };
}

/** A table named after INSERT INTO, UPDATE, DELETE FROM or TRUNCATE, schema-qualified or not. */
const WRITTEN_TABLE =
  /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?((?:"[^"]+"|[a-z_][\w$]*)(?:\s*\.\s*(?:"[^"]+"|[a-z_][\w$]*))?)/gi;
const WRITE_WORD = /insert|update|delete|truncate/i;
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(?:commit|end)\s*(?:transaction|work)?\s*;?\s*$/i;
const ROLLBACK = /^\s*(?:rollback|abort)\s*(?:transaction|work)?\s*;?\s*$/i;

/**
 * The name {@link writtenTables} also gives a table rows were deleted from (DELETE or TRUNCATE).
 * Why: some answers change only when a table's rows go, through the rows that go with them by
 * cascade (a person's sign-ins, grants and bookings), which no write names; watching the deletions
 * alone spares them every insert and update of that table (each new applicant, each heartbeat).
 */
export function deletedFrom(table: string): string {
  return `${table}:deleted`;
}

/**
 * The tables a statement writes, by SQL name (unquoted, lower-cased unless quoted), and for a
 * DELETE or TRUNCATE also {@link deletedFrom} of each. Over-reading is harmless (`for update`,
 * `do update set` name no table a listener watches); what matters is that every write Drizzle or a
 * hand-written statement makes names its table here.
 */
export function writtenTables(text: string): string[] {
  if (!WRITE_WORD.test(text)) {
    return [];
  }
  const tables: string[] = [];
  for (const match of text.matchAll(WRITTEN_TABLE)) {
    const name = (match[2] ?? '').split('.').pop()?.trim() ?? '';
    const table = name.startsWith('"') ? name.slice(1, -1) : name.toLowerCase();
    tables.push(table);
    if (/^(?:delete|truncate)/i.test(match[1] ?? '')) {
      tables.push(deletedFrom(table));
    }
  }
  return tables;
}

/** The SQL text of a `query()` call's first argument, or null for anything else (a cursor, a stream). */
function statementText(first: unknown): string | null {
  if (typeof first === 'string') {
    return first;
  }
  if (first && typeof first === 'object' && !('submit' in first) && 'text' in first) {
    const { text } = first;
    return typeof text === 'string' ? text : null;
  }
  return null;
}

/**
 * A `pg.Client` (for `new pg.Pool({ Client })`) that tells `watch` the tables written by each
 * committed write: a statement outside a transaction once it has run, a transaction's writes once
 * its COMMIT has run (nothing for a ROLLBACK). The caller's promise or callback is answered only
 * after the listeners settle. Cursors and streams pass through unwatched.
 */
export function watchingPgClient(watch: WriteWatch): typeof pg.Client {
  return class WatchingClient extends pg.Client {
    private inTransaction = false;
    private pending = new Set<string>();

    override query(...args: unknown[]): never {
      const text = statementText(args[0]);
      const run = (): never => (super.query as (...rest: unknown[]) => never)(...args);
      if (text === null) {
        return run();
      }
      let committedTables: Set<string> | null = null;
      if (BEGIN.test(text)) {
        this.inTransaction = true;
        this.pending = new Set();
      } else if (COMMIT.test(text)) {
        committedTables = this.pending;
        this.inTransaction = false;
        this.pending = new Set();
      } else if (ROLLBACK.test(text)) {
        this.inTransaction = false;
        this.pending = new Set();
      } else {
        const tables = writtenTables(text);
        if (tables.length > 0) {
          if (this.inTransaction) {
            tables.forEach((table) => this.pending.add(table));
          } else {
            committedTables = new Set(tables);
          }
        }
      }
      if (!committedTables || committedTables.size === 0) {
        return run();
      }
      const tables = committedTables;
      const callbackAt = args.findIndex((arg) => typeof arg === 'function');
      if (callbackAt >= 0) {
        const callback = args[callbackAt] as (error: unknown, result?: unknown) => void;
        args[callbackAt] = (error: unknown, result: unknown) => {
          if (error) {
            callback(error, result);
            return;
          }
          watch.committed(tables).then(
            () => callback(null, result),
            (listenerError: unknown) => callback(listenerError),
          );
        };
        return run();
      }
      return (run() as unknown as Promise<unknown>).then(async (result) => {
        await watch.committed(tables);
        return result;
      }) as never;
    }
  };
}

/**
 * Makes an open PGlite tell `watch` the tables written by each committed write: a `query` or
 * `exec` outside a transaction once it has run, a `transaction`'s writes once it has committed.
 */
export function watchPglite(client: PGlite, watch: WriteWatch): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = async <T>(...args: Parameters<PGlite['query']>) => {
    const result = await query<T>(...args);
    await watch.committed(new Set(writtenTables(args[0])));
    return result;
  };
  client.exec = async (...args: Parameters<PGlite['exec']>) => {
    const result = await exec(...args);
    await watch.committed(new Set(writtenTables(args[0])));
    return result;
  };
  client.transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    const written = new Set<string>();
    const note = (text: string) => writtenTables(text).forEach((table) => written.add(table));
    const result = await transaction((tx) => {
      const watched: Transaction = {
        query: (text, ...rest) => {
          note(text);
          return tx.query(text, ...rest);
        },
        sql: tx.sql.bind(tx),
        exec: (text, ...rest) => {
          note(text);
          return tx.exec(text, ...rest);
        },
        rollback: () => {
          written.clear();
          return tx.rollback();
        },
        listen: tx.listen.bind(tx),
        get closed() {
          return tx.closed;
        },
      };
      return callback(watched);
    });
    await watch.committed(written);
    return result;
  };
}
