/**
 * What a numeric input's change means for the document: a finite number stays, "" (emptied) and
 * anything unparsable become null. Strings are read after dropping separators and "$".
 */
export function toNumberOrNull(next: number | string): number | null {
  if (typeof next === 'number') return Number.isFinite(next) ? next : null;
  const cleaned = next.replace(/[^0-9.eE+-]/g, '');
  if (cleaned === '') return null;
  const parsed = Number(cleaned);
  return Number.isFinite(parsed) ? parsed : null;
}
