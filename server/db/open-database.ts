/**
 * Opens the database the way ARCHITECTURE describes: PostgreSQL through node-postgres when a URL
 * is given, otherwise embedded PGlite on disk (or in memory for tests).
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database, Executor } from './database.ts';
import { type DatabasePoolSizes, DEFAULT_POOL_SIZES } from './pool-sizes.ts';
import * as schema from './schema.ts';

export interface OpenDatabaseOptions {
  /** PostgreSQL URL (DATABASE_URL). When set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory (DATA_DIR); omitted = in memory. */
  dataDir?: string;
  /**
   * PGlite in memory only: a tar of a data directory (PGlite's `dumpDataDir`) to start from
   * instead of an empty database; test suites start from one seeded database this way (ADR 610).
   */
  loadDataDir?: Blob;
  /** PostgreSQL only: schema to work in (set as search_path), so test runs don't collide. */
  searchPath?: string;
  /** Told every statement Drizzle sends (tests and the bench count queries per call with it). */
  logger?: Logger;
  /** PostgreSQL only: connections of the API's, the workers' and the lease pool (DEFAULT_POOL_SIZES). */
  poolSizes?: DatabasePoolSizes;
}

/**
 * How long an idle PostgreSQL connection of the pool stays open, in ms: 0 = for the life of the
 * process. node-postgres closes one after 10 s idle by default, so the first requests after a quiet
 * spell waited for a new connection, its backend's cold catalogue caches and the statements
 * prepared again (the get's p99 at 1,000 req/s after a 10 s pause: 12-34 ms, kept open 6 ms;
 * docs/decisions/683-database-connections-kept-open.md). Each pool's size is its part of
 * `poolSizes` (ADR 727).
 */
export const POOL_IDLE_TIMEOUT_MS = 0;

/**
 * `shared_buffers` of an in-memory PGlite (no `dataDir`). Its data files already live in memory
 * (Emscripten's MEMFS), so a buffer miss is a copy within memory, while PostgreSQL's 128 MB default
 * is zeroed at every start (PGlite's mmap clears it with memset: 0.7 of the 1.3 CPU-s a 43 MB
 * seeded load took) and held for the life of the instance. An on-disk PGlite keeps the default.
 * docs/decisions/792-in-memory-pglite-shared-buffers.md.
 */
export const IN_MEMORY_PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Opens PostgreSQL (`databaseUrl`) or PGlite (`dataDir`, or in memory). Does not migrate.
 * Throws when the server cannot be reached or the data directory cannot be created.
 * ARCHITECTURE §server.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const sizes = options.poolSizes ?? DEFAULT_POOL_SIZES;
    // Connections open on first use: a process that runs no worker never opens theirs.
    const pools = [sizes.api, sizes.workers, sizes.leases].map(
      (max) =>
        new pg.Pool({
          connectionString: options.databaseUrl,
          max,
          idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
          ...(options.searchPath ? { options: `-c search_path=${quoteIdent(options.searchPath)}` } : {}),
        }),
    );
    // Fail at start-up, not on the first request, when the server is unreachable.
    const client = await pools[0].connect();
    client.release();
    const [db, workerDb, leaseDb] = pools.map(
      (pool) => drizzleNodePg(pool, { schema, logger: options.logger }) as unknown as Executor,
    );
    return {
      db,
      workerDb,
      leaseDb,
      kind: 'postgres',
      close: async () => {
        await Promise.all(pools.map((pool) => pool.end()));
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : new PGlite({
        loadDataDir: options.loadDataDir,
        startParams: [
          ...PGlite.defaultStartParams,
          '-c',
          `shared_buffers=${IN_MEMORY_PGLITE_SHARED_BUFFERS}`,
        ],
      });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger: options.logger }) as unknown as Executor;
  return {
    db,
    workerDb: db,
    leaseDb: db,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return name;
}
