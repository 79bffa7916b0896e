/**
 * The connection pools of a process (issue 47, ADR 727): DATABASE_POOL_API, _WORKERS and _LEASES
 * declared as settings, defaults when unset, a start refused for anything else; on PostgreSQL each part of
 * `openDatabase` is a pool of its own size, so taking every worker connection leaves the API's free.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../../server/db/database.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import { DEFAULT_POOL_SIZES, poolSizesOf } from '../../../server/db/pool-sizes.ts';
import { readSettings } from '../../../server/settings/settings.ts';

describe('pool sizes from the settings', () => {
  it('defaults each pool when unset or empty, and takes whole numbers within bounds', () => {
    expect(poolSizesOf(readSettings({}))).toEqual(DEFAULT_POOL_SIZES);
    expect(DEFAULT_POOL_SIZES).toEqual({ api: 10, workers: 6, leases: 2 });
    expect(poolSizesOf(readSettings({ DATABASE_POOL_API: ' ', DATABASE_POOL_WORKERS: '' }))).toEqual(
      DEFAULT_POOL_SIZES,
    );
    expect(
      poolSizesOf(
        readSettings({ DATABASE_POOL_API: '20', DATABASE_POOL_WORKERS: '3', DATABASE_POOL_LEASES: '1' }),
      ),
    ).toEqual({ api: 20, workers: 3, leases: 1 });
  });

  it('refuses a size out of bounds or not a whole number, naming the variable', () => {
    for (const [name, value] of [
      ['DATABASE_POOL_API', '0'],
      ['DATABASE_POOL_API', '101'],
      // Two hold the LISTENs of the quote worker and the carrier catalogue (ADR 772): one would be left.
      ['DATABASE_POOL_WORKERS', '2'],
      ['DATABASE_POOL_LEASES', '0'],
      ['DATABASE_POOL_LEASES', '1.5'],
      ['DATABASE_POOL_WORKERS', 'many'],
    ])
      expect(() => readSettings({ [name]: value })).toThrow(name);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('openDatabase on PostgreSQL', () => {
  it('opens one pool per part, each of its size; the API answers while every worker connection is taken', async () => {
    const database = await openDatabase({ databaseUrl: url, poolSizes: { api: 3, workers: 2, leases: 1 } });
    const poolOf = (db: Executor) => (db as unknown as { $client: pg.Pool }).$client;
    try {
      expect([database.db, database.workerDb, database.leaseDb].map((db) => poolOf(db).options.max)).toEqual([
        3, 2, 1,
      ]);
      const taken = await Promise.all([
        poolOf(database.workerDb).connect(),
        poolOf(database.workerDb).connect(),
      ]);
      try {
        await expect(database.db.execute(sql`SELECT 1`)).resolves.toBeDefined();
        await expect(database.leaseDb.execute(sql`SELECT 1`)).resolves.toBeDefined();
      } finally {
        for (const connection of taken) connection.release();
      }
    } finally {
      await database.close();
    }
  });
});
