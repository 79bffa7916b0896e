/**
 * The display reference of an application: RMGA + the id zero-padded to 7 digits
 * (RMGA0000042). docs/decisions/040-application-reference-and-ids.md.
 */
export function applicationReference(id: number): string {
  return `RMGA${String(id).padStart(7, '0')}`;
}

/**
 * The id an `application_id` search term names: digits, or an RMGA reference (case-insensitive);
 * null when the term is neither. docs/api.md listing filters.
 */
export function parseApplicationReference(term: string): number | null {
  const match = /^(?:RMGA)?0*(\d{1,10})$/i.exec(term.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
