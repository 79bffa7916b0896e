/**
 * Statements built and prepared once per database handle (issue 18, docs/decisions/550-api-per-call-cost.md):
 * the calls every request makes (the session's account, an application with its relations) skip
 * Drizzle's query building, and on PostgreSQL, as named statements, the server's parse and plan.
 * A transaction is its own handle, so a statement asked for inside one is prepared on it and runs
 * in it; the entry goes with the transaction (WeakMap).
 */
import type { Executor } from './database.ts';

/**
 * `build`'s result for `db`, built on the first call with that handle and reused after. `build`
 * must return a prepared query (Drizzle `.prepare(name)`) with one name per distinct SQL text:
 * node-postgres refuses a name reused for another text.
 */
export function preparedOnce<T>(build: (db: Executor) => T): (db: Executor) => T {
  const byDb = new WeakMap<Executor, T>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
