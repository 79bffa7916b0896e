/**
 * Every row of every table of a test app's database, to prove a refused call changed nothing
 * (issue 5 "Fuzzed bad input"). Tables are read from information_schema for the current schema
 * (PGlite's public, or the suite's throw-away schema on PostgreSQL), so a table added later is
 * covered without editing this file.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../../server/db/database.ts';

/** Table name -> its rows as JSON text, sorted, so two dumps compare with toEqual. */
export type TableDump = Record<string, string[]>;

/**
 * Columns that any authenticated call may move, which are bookkeeping rather than data: a
 * session's last call (to the minute, for the idle timeout and the sessions list). Left out of
 * dumps and digests, so a long run of refused calls is not reported as a change.
 */
const ACTIVITY_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'] };

/** `t`'s row as JSON text without its activity columns. */
function rowText(table: string) {
  const columns = ACTIVITY_COLUMNS[table] ?? [];
  return sql`(to_jsonb(t) - ${sql.raw(`ARRAY[${columns.map((c) => `'${c}'`).join(',')}]::text[]`)})::text`;
}

/** The base tables of the current schema, by name, minus `exclude`. */
export async function tableNames(db: Executor, exclude: readonly string[] = []): Promise<string[]> {
  const rows = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      ORDER BY table_name`),
  );
  return rows.map((row) => row.table_name).filter((name) => !exclude.includes(name));
}

/** Every row of `tables` (default: all of the current schema). */
export async function dumpTables(db: Executor, tables?: readonly string[]): Promise<TableDump> {
  const dump: TableDump = {};
  for (const table of tables ?? (await tableNames(db))) {
    const rows = rowsOf<{ row: string }>(
      await db.execute(sql`SELECT ${rowText(table)} AS row FROM ${sql.identifier(table)} t ORDER BY 1`),
    );
    dump[table] = rows.map((r) => r.row);
  }
  return dump;
}

/**
 * One md5 over every row of `tables`, in a single query: a cheap check after each call; compare
 * full dumps only when it differs.
 */
export async function tablesDigest(db: Executor, tables: readonly string[]): Promise<string> {
  const parts = tables.map(
    (table) =>
      sql`SELECT ${table} AS name, coalesce(md5(string_agg(${rowText(table)}, ',' ORDER BY ${rowText(table)})), '') AS d FROM ${sql.identifier(table)} t`,
  );
  const rows = rowsOf<{ d: string }>(
    await db.execute(
      sql`SELECT md5(string_agg(name || ':' || d, '|' ORDER BY name)) AS d FROM (${sql.join(parts, sql` UNION ALL `)}) x`,
    ),
  );
  return rows[0].d;
}

/** The tables whose rows differ between two dumps, with the rows only one side has. */
export function dumpDifference(
  before: TableDump,
  after: TableDump,
): Record<string, { gone: string[]; added: string[] }> {
  const difference: Record<string, { gone: string[]; added: string[] }> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const is = new Set(after[table] ?? []);
    const gone = [...was].filter((row) => !is.has(row));
    const added = [...is].filter((row) => !was.has(row));
    if (gone.length || added.length) difference[table] = { gone, added };
  }
  return difference;
}
