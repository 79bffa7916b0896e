/**
 * The one database handle type every repository takes: a Drizzle Postgres database (PGlite or
 * node-postgres) or a transaction of one, so repositories run inside or outside a transaction.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;

/** A database or a transaction: what repositories query through. */
export type Executor = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * An open database: the Drizzle handles, which driver backs it, and how to close it. On PostgreSQL
 * `db` (the API's), `workerDb` and `leaseDb` are separate pools (server/db/pool-sizes.ts); on
 * PGlite all three are the one connection.
 */
export interface Database {
  db: Executor;
  /** The background workers' queries: a backlog waits here, never in the API's pool. */
  workerDb: Executor;
  /** Lease renewal of the jobs workers hold: never waits behind the API or the workers. */
  leaseDb: Executor;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data dir as a gzipped tar (db:backup, issue 39). */
  dumpDataDir?(): Promise<Blob>;
}

/** The rows of a raw `execute` result; PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
