/**
 * The listing's address filter (issue 18, docs/decisions/550-api-per-call-cost.md, migration
 * 0033): across every company the trigram index serves `ILIKE '%text%'`; inside an agent's or a
 * company's scope the condition is one the index does not match, so the scope's index bounds the
 * rows. PostgreSQL only (PGlite has no pg_trgm without loading it); sequential scans are switched
 * off so the empty test table's plan shows whether the condition can use the index.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../../server/db/database.ts';
import type { AccessScope } from '../../../server/repositories/access-scope.ts';
import { addressCondition } from '../../../server/repositories/applications-repository.ts';
import { migratedScratchDatabase } from '../helpers/test-app.ts';

const TRIGRAM_INDEX = 'applications_searched_address_trgm_idx';

describe.skipIf(!process.env.TEST_DATABASE_URL)('address filter on postgres', () => {
  let scratch: Awaited<ReturnType<typeof migratedScratchDatabase>>;
  let database: Database;
  beforeAll(async () => {
    scratch = await migratedScratchDatabase();
    database = scratch.database;
  });
  afterAll(async () => {
    await scratch?.close();
  });

  /** The plan of the address condition built for `scope`, alone (no scope condition beside it). */
  async function plan(scope: AccessScope): Promise<string> {
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute(
        sql`EXPLAIN SELECT id FROM applications WHERE ${addressCondition(scope, '%Main%')}`,
      );
      return rowsOf<{ 'QUERY PLAN': string }>(result)
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
  }

  it('uses the trigram index for a super-admin', async () => {
    expect(await plan({ kind: 'all' })).toContain(TRIGRAM_INDEX);
  });

  it("builds a condition the index cannot serve inside an agent's or a company's scope", async () => {
    expect(await plan({ kind: 'agent', agentId: 1 })).not.toContain(TRIGRAM_INDEX);
    expect(await plan({ kind: 'company', companyId: 1 })).not.toContain(TRIGRAM_INDEX);
  });
});
