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
      await db.execute(sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table)} t ORDER BY 1`),
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
      sql`SELECT ${table} AS name, coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS d FROM ${sql.identifier(table)} t`,
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
