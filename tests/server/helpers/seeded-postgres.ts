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
import type { Executor } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import { type SeedResult, seedDemoData } from '../../../server/db/seed-demo-data.ts';
import { runOn } from './database-kinds.ts';

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

/** Fills a new database and answers what its seeding returned. */
export type SeedDatabase = (db: Executor) => Promise<SeedResult>;

/** The server suites' preparation: `migrate`, then `seedDemoData` with the demo password. */
async function migrateAndSeed(db: Executor): Promise<SeedResult> {
  await migrate(db);
  return seedDemoData(db);
}

/**
 * Creates the template on the server of `url` (TEST_DATABASE_URL), prepares it with `prepare`
 * (migrate and seed unless told), and closes every connection to it (a template with a connection
 * cannot be copied). Throws the database error of a failing step, after dropping what it created.
 */
export async function makeSeededPostgres(
  url: string,
  prepare: SeedDatabase = migrateAndSeed,
): Promise<SeededPostgres> {
  // Lower case and digits: no quoting needed.
  const template = `seeded_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await runOn(url, `CREATE DATABASE ${template}`);
  try {
    const database = await openDatabase({ databaseUrl: urlOfDatabase(url, template) });
    try {
      return { template, seed: await prepare(database.db) };
    } finally {
      await database.close();
    }
  } catch (error) {
    await dropTemplateAndCopies(url, template);
    throw error;
  }
}

/**
 * Drops the template and every copy of it (`<template>_<hex>`) on the server of `url`, ending
 * their connections first: the run's teardown, when no suite is left to hold one.
 */
export async function dropTemplateAndCopies(url: string, template: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `${template}\\_%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Drops a suite's copy once its last connection is gone, trying for up to 2 s (a closed pool's
 * connections may still be saying goodbye). A copy still in use then is left to the run's teardown
 * (dropTemplateAndCopies): ending a connection here would fail its suite with "terminating
 * connection due to administrator command".
 */
async function dropCopy(url: string, database: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    try {
      await runOn(url, `DROP DATABASE IF EXISTS ${database}`);
      return;
    } catch (error) {
      // 55006 object_in_use: "database ... is being accessed by other users".
      if ((error as { code?: string }).code !== '55006' || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A copy of the run's seeded template of its own (`<template>_<hex>`): its URL, the seed result
 * and `drop()` (dropCopy). Null outside Vitest or when the run made no template (the caller migrates and
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
  const database = `${provided.template}_${randomBytes(4).toString('hex')}`;
  await runOn(url, `CREATE DATABASE ${database} TEMPLATE ${provided.template}`);
  return {
    url: urlOfDatabase(url, database),
    seed: structuredClone(provided.seed),
    drop: () => dropCopy(url, database),
  };
}
