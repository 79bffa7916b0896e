/**
 * What `npm start` does to its database before it serves (docs/running.md): applies the
 * migrations, stores the files of schemas/ as a schema set version when their content is new
 * (issue 10 part 3), and seeds the demo on the first start with the price model's and the export
 * clean-up's schedules (seed-demo-start.ts). The e2e global setup runs the same on the one PGlite
 * data dir each test run copies per browser journey (tests/e2e/seeded-data-dir.ts, ADR 560).
 */

import { syncFileSchemaSet } from '../services/schema-versions.ts';
import type { Executor } from './database.ts';
import { migrate } from './migrate.ts';
import type { SeedResult } from './seed-demo-data.ts';
import { seedDemoStart } from './seed-demo-start.ts';

/** The schema set version of the files of schemas/, and the demo seed's result. */
export interface PreparedDatabase {
  schemaVersion: number;
  seed: SeedResult;
}

/**
 * Migrates `db`, syncs the file schema set and seeds the demo (demo accounts' password
 * `password`; null seeds nothing, as in production); idempotent, so every start runs it. Throws
 * the database error of a failing step.
 */
export async function prepareDatabase(db: Executor, password: string | null): Promise<PreparedDatabase> {
  await migrate(db);
  const schemaVersion = await syncFileSchemaSet(db);
  const seed = await seedDemoStart(db, password);
  return { schemaVersion, seed };
}
