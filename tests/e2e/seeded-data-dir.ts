/**
 * Vitest global setup of the e2e project: without TEST_DATABASE_URL, one PGlite data dir per run,
 * migrated and seeded as `npm start`'s first start does (server/db/prepare-database.ts), in a temp
 * folder removed after the run; provides its path as `seededDataDir` (null with TEST_DATABASE_URL,
 * where the journeys start on copies of a PostgreSQL template: journey-database.ts, ADR 775). The
 * harness copies it into each journey's own data dir (tests/e2e/journey-database.ts), so a
 * journey's server starts on a seeded database without seeding it, and no two files share one
 * (ADR 560). Made from the tree as the run finds it and made again before every watch-mode rerun,
 * so it never holds an older migration or seed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Executor } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { prepareDatabase } from '../../server/db/prepare-database.ts';
import { DEFAULT_DEMO_PASSWORD, type SeedResult } from '../../server/db/seed-demo-data.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Null when the run has TEST_DATABASE_URL: the journeys start on PostgreSQL copies then. */
    seededDataDir: string | null;
  }
}

/**
 * Prepares a new database as `npm start`'s first start does (migrations, the schema set, the demo
 * data and sample book), with the password server/start.ts seeds with, which the journeys' servers
 * inherit; answers the seed.
 */
export async function prepareAsNpmStart(db: Executor): Promise<SeedResult> {
  return (await prepareDatabase(db, process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD)).seed;
}

/** A new temp folder holding a migrated, seeded and cleanly closed PGlite data dir; its path. */
async function makeSeededDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-seeded-'));
  const database = await openDatabase({ dataDir });
  try {
    await prepareAsNpmStart(database.db);
  } finally {
    await database.close();
  }
  return dataDir;
}

export default async function seededDataDir(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('seededDataDir', null);
    return () => {};
  }
  let dataDir = await makeSeededDataDir();
  project.provide('seededDataDir', dataDir);
  project.onTestsRerun(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    dataDir = await makeSeededDataDir();
    project.provide('seededDataDir', dataDir);
  });
  return () => rmSync(dataDir, { recursive: true, force: true });
}
