import type { Executor } from './client.js';

/**
 * `build` once per database handle (a transaction is a handle of its own): for named prepared
 * statements of the hottest queries, which are then built once per handle rather than per request,
 * and planned once per connection. Handles are held weakly, so a finished transaction's go with it.
 */
export function oncePerHandle<T>(build: (db: Executor) => T): (db: Executor) => T {
  const built = new WeakMap<Executor, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
