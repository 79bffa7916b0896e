/**
 * db:backup and db:restore (issue 39, server/db/backup.ts): a seeded database backed up, restored
 * into an empty one and read back, on PGlite (a data dir) and PostgreSQL (a database of its own on
 * the server of TEST_DATABASE_URL, since pg_dump dumps a whole database); a target holding data
 * is refused without `force`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackupRefused,
  type BackupSource,
  backupDatabase,
  restoreDatabase,
} from '../../../server/db/backup.ts';
import { rowsOf } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import { seedDemoData } from '../../../server/db/seed-demo-data.ts';
import { DATABASE_KINDS, type DatabaseKind, runOn } from '../helpers/database-kinds.ts';
import { urlOfDatabase } from '../helpers/seeded-postgres.ts';

/** Rows of the tables a restore must bring back, by table. */
async function census(source: BackupSource): Promise<Record<string, number>> {
  const database = await openDatabase(source);
  try {
    const [row] = rowsOf<Record<string, number>>(
      await database.db.execute(sql`SELECT
        (SELECT count(*)::int FROM users) AS users,
        (SELECT count(*)::int FROM applications) AS applications,
        (SELECT count(*)::int FROM quotes) AS quotes,
        (SELECT count(*)::int FROM schema_migrations) AS migrations`),
    );
    return row;
  } finally {
    await database.close();
  }
}

/** Two fresh databases of `kind` (source and target) and how to remove them. */
async function twoDatabases(
  kind: DatabaseKind,
): Promise<{ source: BackupSource; target: BackupSource; remove(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'backup-test-'));
    return {
      source: { dataDir: join(dir, 'source') },
      target: { dataDir: join(dir, 'target') },
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const server = process.env.TEST_DATABASE_URL as string;
  const names = ['source', 'target'].map((role) => `backup_${role}_${randomBytes(4).toString('hex')}`);
  for (const name of names) await runOn(server, `CREATE DATABASE ${name}`);
  return {
    source: { databaseUrl: urlOfDatabase(server, names[0] as string) },
    target: { databaseUrl: urlOfDatabase(server, names[1] as string) },
    remove: async () => {
      for (const name of names) await runOn(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

describe.each(DATABASE_KINDS)('backup and restore on %s', (kind) => {
  let databases: Awaited<ReturnType<typeof twoDatabases>>;
  let work: string;

  beforeAll(async () => {
    databases = await twoDatabases(kind);
    work = mkdtempSync(join(tmpdir(), 'backup-file-'));
    const database = await openDatabase(databases.source);
    await migrate(database.db);
    await seedDemoData(database.db);
    await database.close();
  }, 120_000);
  afterAll(async () => {
    await databases?.remove();
    rmSync(work, { recursive: true, force: true });
  });

  it('restores a seeded database into an empty one, and refuses a non-empty one unless forced', async () => {
    const file = join(work, 'backup');
    await backupDatabase(databases.source, file);
    await restoreDatabase(databases.target, file, false);
    const seeded = await census(databases.source);
    expect(seeded.users).toBeGreaterThan(0);
    expect(seeded.applications).toBeGreaterThan(0);
    expect(await census(databases.target)).toEqual(seeded);

    await expect(restoreDatabase(databases.target, file, false)).rejects.toThrow(BackupRefused);
    await expect(restoreDatabase(databases.target, file, false)).rejects.toThrow(/--force/);
    await restoreDatabase(databases.target, file, true);
    expect(await census(databases.target)).toEqual(seeded);
  }, 120_000);
});
