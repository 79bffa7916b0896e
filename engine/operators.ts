/**
 * The engine's custom JSON-logic operators. Generic helpers a rule needs and plain JSON-logic
 * lacks; each is documented in docs/schema-format.md ("Custom JSON-logic operators").
 * json-logic-js evaluates every argument before calling an operator, so these see values.
 */

/** True for the values a required check treats as empty: null, undefined, blank string, []. */
function blank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const DIGITS = /^[0-9]+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const MS_PER_DAY = 86_400_000;

/** Compiled regexes by source: rules reuse a handful of patterns on every validation. */
const regexCache = new Map<string, RegExp | null>();

function regexFor(source: string): RegExp | null {
  let cached = regexCache.get(source);
  if (cached === undefined) {
    try {
      cached = new RegExp(source, 'u');
    } catch {
      cached = null;
    }
    regexCache.set(source, cached);
  }
  return cached;
}

/** Days since 1970-01-01 of the calendar date an ISO string starts with, or null. */
function dayNumber(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  // Date.UTC rolls 2024-02-31 over to March; such a string is not a date.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return time / MS_PER_DAY;
}

/** A finite number from a number or a numeric string (trimmed), else null. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Operator name -> implementation, registered into json-logic-js by evaluateLogic.
 * - `length`: characters of a string, items of an array, digits-and-signs of a number's text; 0 otherwise.
 * - `is_empty`: null, undefined, blank string or empty array.
 * - `is_email`: one "@", no spaces, a dotted domain.
 * - `is_numeric`: a string of ASCII digits only, or a finite number.
 * - `matches`: [value, regex source]; the value as text (numbers too) tested with the `u` flag; false
 *   for null/undefined or an invalid pattern.
 * - `to_number`: a finite number from a number or numeric string, else null.
 * - `strict_number`: like `to_number`, but NaN instead of null, so arithmetic over a missing or
 *   non-numeric value yields NaN (json-logic-js would read null as 0). Computed fields wrap every
 *   arithmetic operand in it (engine/compute-fields.ts).
 * - `days_between`: [dateA, dateB] whole calendar days from A to B (negative when B is earlier),
 *   ISO "YYYY-MM-DD" (a time part is ignored); null when either is not a valid date.
 * SPEC §5 Field rules (length, numeric, e-mail checks) as generic mechanisms.
 */
export const operators: Record<string, (...args: unknown[]) => unknown> = {
  length: (value) => {
    if (typeof value === 'string' || Array.isArray(value)) return value.length;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value).length;
    return 0;
  },
  is_empty: (value) => blank(value),
  is_email: (value) => typeof value === 'string' && EMAIL.test(value),
  is_numeric: (value) =>
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && DIGITS.test(value)),
  matches: (value, source) => {
    if (value === null || value === undefined || typeof source !== 'string') return false;
    if (typeof value !== 'string' && typeof value !== 'number') return false;
    const regex = regexFor(source);
    return regex?.test(String(value)) ?? false;
  },
  to_number: (value) => toNumber(value),
  strict_number: (value) => toNumber(value) ?? Number.NaN,
  days_between: (a, b) => {
    const from = dayNumber(a);
    const to = dayNumber(b);
    return from === null || to === null ? null : to - from;
  },
};
