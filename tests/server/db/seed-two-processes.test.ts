/**
 * Two processes starting at once on one empty PostgreSQL seed it once (issue 16 leftovers): the
 * seed's transaction takes an advisory lock and checks for users again under it. Two pools on one
 * scratch schema stand for the two processes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import { seedDemoData } from '../../../server/db/seed-demo-data.ts';
import { createScratchSchema } from '../helpers/test-app.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('seeding from two processes at once (PostgreSQL)', () => {
  let first: Database;
  let second: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const scratch = await createScratchSchema();
    drop = scratch.drop;
    first = await openDatabase({ databaseUrl: scratch.url, searchPath: scratch.schema });
    second = await openDatabase({ databaseUrl: scratch.url, searchPath: scratch.schema });
    await migrate(first.db);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  it('creates the demo companies and accounts once', async () => {
    const results = await Promise.all([seedDemoData(first.db), seedDemoData(second.db)]);
    expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
    const companies = rowsOf<{ name: string; n: number }>(
      await first.db.execute(sql`SELECT name, count(*)::int AS n FROM companies GROUP BY name ORDER BY name`),
    );
    expect(companies).toEqual([
      { name: 'Demo Agency', n: 1 },
      { name: 'Expired Trial Agency', n: 1 },
      { name: 'Other Agency', n: 1 },
    ]);
    const users = rowsOf<{ n: number }>(await first.db.execute(sql`SELECT count(*)::int AS n FROM users`));
    expect(users[0].n).toBe(7);
  });
});
