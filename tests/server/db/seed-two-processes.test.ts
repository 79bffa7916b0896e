/**
 * Two processes starting at once on one empty PostgreSQL seed it once (issue 16 leftovers): the
 * seed's transaction takes an advisory lock and checks for users again under it. Two pools on one
 * scratch schema stand for the two processes. On PGlite (one process per data directory) two
 * start-up seeds at once on one handle seed once too, the lock and the second check being the same.
 * The start-up's scheduled jobs (price model refits, report export clean-up) are queued once too.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import { seedDemoData } from '../../../server/db/seed-demo-data.ts';
import { seedDemoStart } from '../../../server/db/seed-demo-start.ts';
import { RECORDS_RETENTION_KIND } from '../../../server/services/records-retention-job.ts';
import {
  REPORT_EXPORT_CLEANUP_KIND,
  scheduleReportExportCleanup,
} from '../../../server/services/report-export-cleanup-job.ts';
import { createScratchSchema } from '../helpers/database-kinds.ts';

/** Companies by name with their count, and the number of users: what a double seed would double. */
async function seededCounts(db: Database['db']) {
  const companies = rowsOf<{ name: string; n: number }>(
    await db.execute(sql`SELECT name, count(*)::int AS n FROM companies GROUP BY name ORDER BY name`),
  );
  const users = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM users`));
  return { companies, users: users[0].n };
}

const SEEDED_ONCE = {
  companies: [
    { name: 'Demo Agency', n: 1 },
    { name: 'Expired Trial Agency', n: 1 },
    { name: 'Other Agency', n: 1 },
  ],
  users: 7,
};

describe('seeding twice at once on PGlite', () => {
  it('creates the demo companies and accounts once and queues each price model refit and the export clean-up once', async () => {
    const database = await openDatabase({});
    try {
      await migrate(database.db);
      const results = await Promise.all([
        seedDemoStart(database.db, 'demo1234'),
        seedDemoStart(database.db, 'demo1234'),
      ]);
      expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
      expect(await seededCounts(database.db)).toEqual(SEEDED_ONCE);
      const jobs = rowsOf<{ kind: string; n: number }>(
        await database.db.execute(sql`SELECT kind, count(*)::int AS n FROM jobs GROUP BY kind ORDER BY kind`),
      );
      expect(jobs).toEqual([
        { kind: 'price-model-refit', n: 2 },
        { kind: RECORDS_RETENTION_KIND, n: 1 },
        { kind: REPORT_EXPORT_CLEANUP_KIND, n: 1 },
      ]);
    } finally {
      await database.close();
    }
  }, 300_000);
});

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
    expect(await seededCounts(first.db)).toEqual(SEEDED_ONCE);
  });

  it('queues one export clean-up a day when both schedule it at once', async () => {
    const [a, b] = await Promise.all([
      scheduleReportExportCleanup(first.db),
      scheduleReportExportCleanup(second.db),
    ]);
    expect(a.id).toBe(b.id);
    const jobs = rowsOf<{ n: number }>(
      await first.db.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${REPORT_EXPORT_CLEANUP_KIND}`,
      ),
    );
    expect(jobs[0].n).toBe(1);
  });
});
