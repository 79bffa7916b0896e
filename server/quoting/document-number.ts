/**
 * A document value as a finite number, or null when it is empty or not a number. Accepts numbers
 * and numeric text with currency formatting ("$250,000", "1,500.5"), because money fields may
 * reach the server formatted with thousands separators (SPEC §5 helpers).
 */
export function documentNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  const parsed = Number(cleaned);
  return Number.isFinite(parsed) ? parsed : null;
}
