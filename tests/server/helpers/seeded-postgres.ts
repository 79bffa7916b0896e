/**
 * The migrated and seeded PostgreSQL database every PostgreSQL server suite starts from, as
 * seeded-pglite.ts is for PGlite (ADR 767): a database `seeded_<ms>_<hex>` on the server of
 * TEST_DATABASE_URL on which `migrate` and `seedDemoData` ran once for the run (the unit project's
 * global setup, seeded-postgres-template.ts). `cloneSeededPostgres` copies it with `CREATE DATABASE
 * ... TEMPLATE` (about 0.1 s for its 11 MB, where migrating and seeding a new schema took 2.5 to
 * 3.5 s), so each suite still has a database of its own, as migrated and seeded as before.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate } from '../../../server/db/migrate.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import { type SeedResult, seedDemoData } from '../../../server/db/seed-demo-data.ts';

/** The template database's name and what `seedDemoData` returned on it. */
export interface SeededPostgres {
  template: string;
  seed: SeedResult;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Null when TEST_DATABASE_URL is unset (the run has no PostgreSQL suites). */
    seededPostgres: SeededPostgres | null;
  }
}

/** `url` with its database replaced by `database`. */
export function urlOfDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs one statement on the database of `url` over a connection of its own. */
async function runOn(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database name: `<prefix>_<ms>_<8 hex>` (lower case, no quoting needed). */
const newDatabaseName = (prefix: string) => `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;

/**
 * Creates the template on the server of `url` (TEST_DATABASE_URL), migrates and seeds it, and
 * closes every connection to it (a template with a connection cannot be copied). Throws the
 * database error of a failing step, after dropping what it created.
 */
export async function makeSeededPostgres(url: string): Promise<SeededPostgres> {
  const template = newDatabaseName('seeded');
  await runOn(url, `CREATE DATABASE ${template}`);
  try {
    const database = await openDatabase({ databaseUrl: urlOfDatabase(url, template) });
    try {
      await migrate(database.db);
      return { template, seed: await seedDemoData(database.db) };
    } finally {
      await database.close();
    }
  } catch (error) {
    await dropDatabase(url, template);
    throw error;
  }
}

/** Drops `database` on the server of `url`, ending its connections first. */
export function dropDatabase(url: string, database: string): Promise<void> {
  return runOn(url, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}

/**
 * A copy of the run's seeded template of its own (`test_<ms>_<hex>`): its URL, the seed result
 * and `drop()`. Null outside Vitest or when the run made no template (the caller migrates and
 * seeds itself then). Throws when TEST_DATABASE_URL is unset or the copy fails.
 */
export async function cloneSeededPostgres(): Promise<{
  url: string;
  seed: SeedResult;
  drop(): Promise<void>;
} | null> {
  const provided = process.env.VITEST ? inject('seededPostgres') : null;
  if (!provided) return null;
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const database = newDatabaseName('test');
  await runOn(url, `CREATE DATABASE ${database} TEMPLATE ${provided.template}`);
  return {
    url: urlOfDatabase(url, database),
    seed: structuredClone(provided.seed),
    drop: () => dropDatabase(url, database),
  };
}
