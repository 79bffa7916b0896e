/**
 * The database a journey's server starts on (ADR 775): with TEST_DATABASE_URL, a copy of the run's
 * seeded PostgreSQL template (tests/server/helpers/seeded-postgres.ts: `CREATE DATABASE ...
 * TEMPLATE`, about 0.1 s); without, a copy of the run's seeded PGlite data dir
 * (tests/e2e/seeded-data-dir.ts). On PostgreSQL a journey's server neither boots PGlite's WASM
 * build (about 2 s of CPU a start) nor runs its queries in WASM. The embedded database keeps its
 * own suites: every server suite on both databases, the fault suites and the production-path suite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { cloneSeededPostgres } from '../server/helpers/seeded-postgres.ts';

/** A journey's own database: the server settings that name it, and `remove()` after the server stopped. */
export interface JourneyDatabase {
  env: NodeJS.ProcessEnv;
  remove(): Promise<void>;
}

/** A seeded database of the journey's own; rejects when the copy fails. */
export async function journeyDatabase(): Promise<JourneyDatabase> {
  const copy = await cloneSeededPostgres();
  if (copy) return { env: { DATABASE_URL: copy.url }, remove: copy.drop };
  const seeded = inject('seededDataDir');
  if (!seeded) throw new Error('The run made neither a seeded PostgreSQL template nor a PGlite data dir.');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  await cp(seeded, dataDir, { recursive: true });
  return {
    env: { DATA_DIR: dataDir },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
