import { NodePgPreparedQuery, NodePgSession } from 'drizzle-orm/node-postgres';
import { PglitePreparedQuery, PgliteSession } from 'drizzle-orm/pglite';
import { vi } from 'vitest';

/** What the app asked the database while some work ran. */
export type StatementsSeen = {
  /** The SQL of each statement executed, in order (a transaction's BEGIN and COMMIT included on PostgreSQL). */
  executed: string[];
  /** The SQL of each statement built: a named prepared statement is built once, then only executed. */
  built: string[];
};

/**
 * The statements executed and built through Drizzle, by either driver, while `run` runs: spies on
 * the drivers' prepared-query and session classes, so that transactions' statements count too.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<StatementsSeen> {
  // One driver is in use at a time, so each list keeps the order the statements ran in.
  const executions = [NodePgPreparedQuery.prototype, PglitePreparedQuery.prototype].map((prototype) =>
    vi.spyOn(prototype, 'execute'),
  );
  const preparations = [NodePgSession.prototype, PgliteSession.prototype].map((prototype) =>
    vi.spyOn(prototype, 'prepareQuery'),
  );
  try {
    await run();
    return {
      executed: executions.flatMap((spy) =>
        spy.mock.contexts.map((query) => (query as { queryString: string }).queryString),
      ),
      built: preparations.flatMap((spy) => spy.mock.calls.map(([query]) => query.sql)),
    };
  } finally {
    [...executions, ...preparations].forEach((spy) => spy.mockRestore());
  }
}
