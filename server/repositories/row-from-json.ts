/**
 * Rows built by json_agg / row_to_json in SQL, turned back into the rows Drizzle returns for the
 * same table (timestamps as Date, numerics and bigints as numbers, jsonb as values), through each
 * column's own driver mapping. Used where one statement returns a row with its children (issue 18).
 */
import { type Column, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A JSON value as the driver handed it: parsed already (json columns), or as text. */
export function parsedJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** A row of `table` from its row_to_json object (keys are column names), mapped as a query result is. */
export function rowFromJson<T>(table: PgTable, json: Record<string, unknown>): T {
  return columnsFromJson<T>(getTableColumns(table), json);
}

/** The [key, column] pairs of each column set, listed once (every row of a statement reuses them). */
const entriesOfColumns = new WeakMap<Record<string, Column>, [string, Column][]>();

function entriesOf(columns: Record<string, Column>): [string, Column][] {
  let entries = entriesOfColumns.get(columns);
  if (entries === undefined) {
    entries = Object.entries(columns);
    entriesOfColumns.set(columns, entries);
  }
  return entries;
}

/**
 * The row of `columns` (keys as Drizzle names them) from a JSON object keyed by column names,
 * each value through its column's driver mapping, as a query selecting those columns returns it.
 * `columns` is read once per object: pass a set that does not change (a table's, a constant's).
 */
export function columnsFromJson<T>(columns: Record<string, Column>, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of entriesOf(columns)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}
