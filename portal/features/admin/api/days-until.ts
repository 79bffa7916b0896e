/** Days remaining until a date, as the E&O expiry shows it. SPEC §6 company expiry-days value. */

const DAY_MS = 86_400_000;

/**
 * Rounded-up whole days from `now` to `isoDate` (negative once past, 0 on the instant itself), or
 * null when `isoDate` is missing or not a date. SPEC §6: "the rounded-up days until the expiry
 * date, or nothing if missing or invalid". A bare `YYYY-MM-DD` is read as midnight UTC.
 */
export function daysUntil(isoDate: string | null | undefined, now: Date = new Date()): number | null {
  if (!isoDate) return null;
  const time = Date.parse(isoDate);
  if (Number.isNaN(time)) return null;
  const days = Math.ceil((time - now.getTime()) / DAY_MS);
  // Math.ceil yields -0 for small negative spans; show 0, never "-0".
  return days === 0 ? 0 : days;
}
