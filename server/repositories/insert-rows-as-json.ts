/**
 * Many rows inserted by one statement with one parameter: the rows as a JSON array, spread into
 * the table's row type by json_populate_recordset (docs/decisions/670-bulk-import-per-row-cost.md).
 * Drizzle's multi-row `insert().values()` builds one parameter per cell, and building that
 * statement cost about 0.6 ms of CPU per application row of a bulk import (20 columns), more than
 * checking the row. json, not jsonb: a json column (bulk_upload_rows.messages) keeps its keys'
 * order, and a jsonb column parses its value as it would from text.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../db/database.ts';

/**
 * Inserts `rows` (objects keyed as Drizzle names the table's columns; every row with the same
 * keys: a key one row leaves out would store NULL there, not the column's default) into `table`
 * in one statement and returns the `returning` column of each, in the rows' order (the insert
 * reads them in their array order). Values are stored as JSON gives them: Dates as ISO text,
 * objects and arrays into json/jsonb columns, null as NULL. Throws Error for a key that is not a
 * column; the database's error for a value its column refuses (nothing of the batch is stored).
 */
export async function insertRowsAsJson<R extends string>(
  db: Executor,
  table: PgTable,
  rows: Record<string, unknown>[],
  returning?: R,
): Promise<Record<R, unknown>[]> {
  if (!rows.length) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]).filter((key) => rows[0][key] !== undefined);
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return sql.identifier(column.name);
  });
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(keys.map((key) => [columns[key].name, row[key] ?? null]))),
  );
  const list = sql.join(names, sql`, `);
  const result = await db.execute(sql`
    INSERT INTO ${table} (${list})
    SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${json}::json) WITH ORDINALITY AS r
     ORDER BY r.ordinality
    ${returning ? sql`RETURNING ${sql.identifier(returning)}` : sql``}`);
  return returning ? rowsOf<Record<R, unknown>>(result) : [];
}
