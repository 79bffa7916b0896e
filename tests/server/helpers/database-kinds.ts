/**
 * The databases the server suites run on and the PostgreSQL scratch schema, without the server:
 * the fault suites start the server as a process and import only these, where test-app.ts would
 * load the whole server into the test file first (tests/server/helpers/test-app.ts re-exports them
 * for the suites that start the app in process).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases every server suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** Runs one statement on the database of `url` over a connection of its own. */
export async function runOn(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty schema `test_<ms>_<hex>` on the PostgreSQL of TEST_DATABASE_URL (throws when
 * unset or unreachable); `drop()` removes it with everything in it. Only the caller's own schema.
 */
export async function createScratchSchema(): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await runOn(url, `CREATE SCHEMA ${schema}`);
  return { url, schema, drop: () => runOn(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}
