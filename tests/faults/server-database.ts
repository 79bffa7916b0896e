/**
 * A database that outlives server processes, for suites that kill and restart the server: a PGlite
 * data directory in a temp folder, or a scratch schema on the PostgreSQL of TEST_DATABASE_URL
 * (tests/server/helpers/test-app.ts). `env` is what server/start.ts reads to open it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { createScratchSchema, type DatabaseKind } from '../server/helpers/database-kinds.ts';

export interface ServerDatabase {
  kind: DatabaseKind;
  /** DATA_DIR, or DATABASE_URL with the scratch schema as search_path. */
  env: NodeJS.ProcessEnv;
  /** Opens it in this process, for checks the API cannot make. PGlite: only while no server runs. */
  open(): Promise<Database>;
  /** Removes the data directory or drops the schema. Call after every process on it stopped. */
  remove(): Promise<void>;
}

/** A fresh, empty database of `kind`; the first server started on it migrates and seeds it. */
export async function createServerDatabase(kind: DatabaseKind): Promise<ServerDatabase> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'faults-pglite-'));
    return {
      kind,
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchSchema();
  const url = new URL(scratch.url);
  // node-postgres passes `options` to the server as start-up options, as psql does.
  url.searchParams.set('options', `-c search_path=${scratch.schema}`);
  return {
    kind,
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: scratch.url, searchPath: scratch.schema }),
    remove: scratch.drop,
  };
}
