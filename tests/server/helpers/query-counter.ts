/**
 * Counts the SQL statements Drizzle sends while a piece of code runs (issue 18: queries per call).
 * Transaction control (BEGIN, COMMIT, ROLLBACK) is left out: node-postgres sends it through
 * Drizzle and PGlite does not, so counting it would make the two databases differ.
 */
import type { Logger } from 'drizzle-orm';

/** A Drizzle logger to pass to openDatabase, and how to read what it saw. */
export interface QueryCounter {
  logger: Logger;
  /** Runs `work` and returns its result with the statements sent meanwhile (all callers of the database). */
  during<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }>;
}

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** A fresh counter; it records only while `during` runs. */
export function createQueryCounter(): QueryCounter {
  let seen: string[] | null = null;
  return {
    logger: {
      logQuery(query) {
        if (seen && !TRANSACTION_CONTROL.test(query)) seen.push(query);
      },
    },
    async during(work) {
      if (seen) throw new Error('query counts do not nest');
      seen = [];
      try {
        const result = await work();
        return { result, queries: seen };
      } finally {
        seen = null;
      }
    },
  };
}
