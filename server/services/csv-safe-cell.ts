/**
 * A CSV cell that a spreadsheet will not run as a formula (OWASP CSV injection): text starting with
 * `=`, `+`, `-`, `@`, tab or carriage return gets a leading apostrophe. Numbers and null pass as
 * they are. Used by every CSV export (reports, commission statements).
 */
export function csvSafeCell(value: string | number | null): string | number | null {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
