/** Largest value of a PostgreSQL `integer` (serial) column. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * True when `id` can name a row of a serial column (1 .. 2^31-1). Larger numbers would make
 * PostgreSQL raise "out of range" instead of finding nothing.
 */
export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID;
}
