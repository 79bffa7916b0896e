/** The company expiry-days value of SPEC §6: rounded-up days until the E&O expiry date, or nothing. */
import { DAY_MS } from './constants.ts';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Milliseconds since epoch of an expiry given as `YYYY-MM-DD` (midnight UTC, the server's date
 * format) or an ISO 8601 timestamp with a zone; null for anything else, including impossible
 * calendar dates such as 2027-02-30 that `Date` would silently roll over.
 */
export function parseExpiry(expiry: unknown): number | null {
  if (typeof expiry !== 'string') return null;
  const dateOnly = DATE_ONLY.exec(expiry);
  if (dateOnly) {
    const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    const ms = Date.UTC(year, month - 1, day);
    const back = new Date(ms);
    // Date.UTC maps years 0..99 to 1900..1999; the round trip rejects those and rolled-over days.
    if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
      return null;
    }
    return ms;
  }
  if (!TIMESTAMP.test(expiry)) return null;
  const ms = Date.parse(expiry);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Days from `now` (ms since epoch, default the current time) until `expiry`, rounded up: 1 for
 * any moment within the next day, 0 or less once it has passed. Null when the expiry is missing
 * or invalid. SPEC §6 company expiry-days value.
 */
export function companyExpiryDays(expiry: unknown, now: number = Date.now()): number | null {
  const ms = parseExpiry(expiry);
  if (ms === null || !Number.isFinite(now)) return null;
  // `+ 0` turns the -0 of a ceil over a small negative span into 0.
  return Math.ceil((ms - now) / DAY_MS) + 0;
}
