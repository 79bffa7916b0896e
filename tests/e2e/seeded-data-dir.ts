/**
 * Vitest global setup of the e2e project: one PGlite data dir per run, migrated and seeded as
 * `npm start`'s first start does (server/db/prepare-database.ts), in a temp folder removed after
 * the run; provides its path as `seededDataDir`. The harness copies it into each journey's own
 * data dir (tests/e2e/harness.ts), so a journey's server starts on a seeded database without
 * seeding it, and no two files share one (ADR 560). Made from the tree as the run finds it and
 * made again before every watch-mode rerun, so it never holds an older migration or seed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/open-database.ts';
import { prepareDatabase } from '../../server/db/prepare-database.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../server/db/seed-demo-data.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string;
  }
}

/** A new temp folder holding a migrated, seeded and cleanly closed PGlite data dir; its path. */
async function makeSeededDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-seeded-'));
  const database = await openDatabase({ dataDir });
  try {
    // The password server/start.ts seeds with, which the journeys' servers inherit.
    await prepareDatabase(database.db, process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD);
  } finally {
    await database.close();
  }
  return dataDir;
}

export default async function seededDataDir(project: TestProject): Promise<() => void> {
  let dataDir = await makeSeededDataDir();
  project.provide('seededDataDir', dataDir);
  project.onTestsRerun(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    dataDir = await makeSeededDataDir();
    project.provide('seededDataDir', dataDir);
  });
  return () => rmSync(dataDir, { recursive: true, force: true });
}
