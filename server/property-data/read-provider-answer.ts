/**
 * Reading provider answers defensively (issue 15): a provider's JSON may lack a key or spell a
 * number as text; these turn one value into what a connector needs, or null.
 */

/** A string of `value` when it is a non-empty string or a finite number, else null. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A finite number of `value` (a number or a numeric string), else null. */
export function numberOf(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** `value` when it is a plain object, else an empty one (provider answers are read defensively). */
export function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
