import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { rowsOf } from '../../../server/db/database.ts';
import { MIGRATIONS_DIR, migrate } from '../../../server/db/migrate.ts';
import { IN_MEMORY_PGLITE_SHARED_BUFFERS, openDatabase } from '../../../server/db/open-database.ts';
import { seedDemoData } from '../../../server/db/seed-demo-data.ts';

describe('migrate and seed (PGlite)', () => {
  let database: Database;
  const dirs: string[] = [];
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('applies every file once and records it', async () => {
    const first = await migrate(database.db);
    expect(first.length).toBeGreaterThan(0);
    expect(first).toEqual([...first].sort());
    expect(await migrate(database.db)).toEqual([]);
    const recorded = rowsOf<{ name: string }>(
      await database.db.execute(sql`SELECT name FROM schema_migrations ORDER BY name`),
    );
    expect(recorded.map((r) => r.name)).toEqual(first);
    expect(MIGRATIONS_DIR.endsWith(join('server', 'db', 'migrations'))).toBe(true);
  });

  it('starts an in-memory PGlite with its small shared_buffers (ADR 792)', async () => {
    const [row] = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`SHOW shared_buffers`));
    expect(row?.shared_buffers).toBe(IN_MEMORY_PGLITE_SHARED_BUFFERS);
    expect(IN_MEMORY_PGLITE_SHARED_BUFFERS).toBe('16MB');
  });

  it('records nothing of a failing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    dirs.push(dir);
    writeFileSync(join(dir, '0001-ok.sql'), 'CREATE TABLE t_ok (id int);');
    writeFileSync(
      join(dir, '0002-bad.sql'),
      'CREATE TABLE t_bad (id int);\n--> statement-breakpoint\nSELECT nope FROM nowhere;',
    );
    await expect(migrate(database.db, dir)).rejects.toThrow();
    const names = rowsOf<{ name: string }>(
      await database.db.execute(sql`SELECT name FROM schema_migrations`),
    ).map((r) => r.name);
    expect(names).toContain('0001-ok.sql');
    expect(names).not.toContain('0002-bad.sql');
    const tables = rowsOf<{ n: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 't_bad'`),
    );
    expect(Number(tables[0].n)).toBe(0);
  });

  it('seeds an empty database once, with demo applications', async () => {
    const seed = await seedDemoData(database.db);
    expect(seed.seeded).toBe(true);
    expect(seed.applicationIds).toHaveLength(2);
    expect((await seedDemoData(database.db)).seeded).toBe(false);
    const apps = rowsOf<{ status: string; min_quote_amount: string | null; n: number }>(
      await database.db.execute(
        sql`SELECT a.status, a.min_quote_amount, (SELECT count(*)::int FROM quotes q WHERE q.application_id = a.id) AS n FROM applications a ORDER BY a.id`,
      ),
    );
    expect(apps.map((a) => a.status)).toEqual(['new', 'completed']);
    expect(Number(apps[1].n)).toBeGreaterThan(1);
    expect(apps[1].min_quote_amount).not.toBeNull();
  });
});
