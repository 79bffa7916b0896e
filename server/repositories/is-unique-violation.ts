/**
 * True when a database error (or the error it wraps: Drizzle puts the driver's error in `cause`)
 * is a PostgreSQL unique violation (SQLSTATE 23505): two requests raced for one unique value.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
