/**
 * The PostgreSQL pool keeps its connections open through a quiet spell (POOL_IDLE_TIMEOUT_MS,
 * ADR 683): a query after a pause longer than node-postgres's default idle timeout (10 s) runs on
 * the same backend as the one before it.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/database.ts';
import { openDatabase } from '../../../server/db/open-database.ts';

/** node-postgres's default idleTimeoutMillis, in ms, and a margin past it. */
const NODE_POSTGRES_DEFAULT_IDLE_MS = 10_000;
const PAUSE_MS = NODE_POSTGRES_DEFAULT_IDLE_MS + 1_500;

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL pool after a quiet spell', () => {
  it(
    'answers on the connection it already had',
    async () => {
      const database = await openDatabase({ databaseUrl: url });
      const backend = async () =>
        rowsOf<{ pid: number }>(await database.db.execute(sql`SELECT pg_backend_pid() AS pid`))[0].pid;
      try {
        const before = await backend();
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        expect(await backend()).toBe(before);
      } finally {
        await database.close();
      }
    },
    PAUSE_MS + 20_000,
  );
});
