/**
 * The one database handle type every repository takes: a Drizzle Postgres database (PGlite or
 * node-postgres) or a transaction of one, so repositories run inside or outside a transaction.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;

/** A database or a transaction: what repositories query through. */
export type Executor = PgDatabase<PgQueryResultHKT, Schema>;

/** An open database: the Drizzle handle, which driver backs it, and how to close it. */
export interface Database {
  db: Executor;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data dir as a gzipped tar (db:backup, issue 39). */
  dumpDataDir?(): Promise<Blob>;
}

/** The rows of a raw `execute` result; PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
