/**
 * The listing's product filter inside an agent's scope (issue 18, migration 0038,
 * docs/decisions/640-listing-one-scan-and-product-index.md): the agent and the product are both
 * keys of applications_agent_product_idx, so the walk, newest first, reads only that product's
 * entries, index-only. PostgreSQL only (the plan is PostgreSQL's); sequential scans are switched
 * off so the empty test table's plan shows which index can serve the condition.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../../server/db/database.ts';
import { applications } from '../../../server/db/schema.ts';
import { productCondition } from '../../../server/repositories/applications-repository.ts';
import { migratedScratchDatabase } from '../helpers/test-app.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)("an agent's product filter on postgres", () => {
  let scratch: Awaited<ReturnType<typeof migratedScratchDatabase>>;
  let database: Database;
  beforeAll(async () => {
    scratch = await migratedScratchDatabase();
    database = scratch.database;
  });
  afterAll(async () => {
    await scratch?.close();
  });

  it("walks the agent's entries of that product alone, newest first, from the index", async () => {
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute(
        sql`EXPLAIN SELECT id, status FROM applications
             WHERE ${and(eq(applications.agent_id, 1), productCondition('Primary'))}
             ORDER BY created_at DESC, id DESC LIMIT 25`,
      );
      return rowsOf<{ 'QUERY PLAN': string }>(result)
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('Index Only Scan using applications_agent_product_idx');
    expect(plan).toMatch(
      /Index Cond: \(\(agent_id = 1\) AND .*carrier_quote_type ->> 0.* = 'Primary'::text\)/,
    );
    expect(plan).not.toContain('Sort');
  });
});
