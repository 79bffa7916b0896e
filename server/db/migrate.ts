/**
 * A small migrator: applies server/db/migrations/*.sql in file-name order, each file in one
 * transaction, and records it in `schema_migrations`. The same files serve PGlite and PostgreSQL.
 * See docs/decisions/011-one-set-of-sql-migrations.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from './database.ts';

export const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/** Separates statements inside a migration file (PGlite runs one statement per query). */
const STATEMENT_BREAKPOINT = '--> statement-breakpoint';

/** Any constant: the advisory lock key that serializes migrators of several processes. */
const MIGRATION_LOCK_KEY = 7_351_042;

/**
 * Applies every migration not yet recorded; returns the file names applied now (may be empty).
 * Throws the database error of a failing statement (its file is then not recorded).
 */
export async function migrate(db: Executor, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.execute(
    sql.raw(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    ),
  );
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const done = await db.transaction(async (tx) => {
      // Two processes starting on one PostgreSQL must not run the same file twice.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      const seen = await tx.execute(sql`SELECT 1 FROM schema_migrations WHERE name = ${file}`);
      if (rowsOf(seen).length > 0) return false;
      const text = readFileSync(join(dir, file), 'utf8');
      for (const statement of text.split(STATEMENT_BREAKPOINT)) {
        if (stripComments(statement).trim() === '') continue;
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${file})`);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

/**
 * The migration files of `dir` not recorded in `schema_migrations` (readiness, issue 39); every
 * file when the table does not exist yet. Throws the database error when the database does not answer.
 */
export async function pendingMigrations(db: Executor, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir).filter((name) => name.endsWith('.sql'));
  const table = rowsOf<{ name: string | null }>(
    await db.execute(sql`SELECT to_regclass('schema_migrations')::text AS name`),
  );
  if (!table[0]?.name) return files.sort();
  const applied = new Set(
    rowsOf<{ name: string }>(await db.execute(sql`SELECT name FROM schema_migrations`)).map(
      (row) => row.name,
    ),
  );
  return files.filter((file) => !applied.has(file)).sort();
}

function stripComments(statement: string): string {
  return statement
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
}
