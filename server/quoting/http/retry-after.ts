/**
 * The wait a Retry-After header asks for, in ms (RFC 9110 §10.2.3: delay-seconds or an HTTP
 * date), never negative; `fallbackMs` when the header is absent or unreadable.
 */
export function retryAfterMs(header: string | null, fallbackMs: number, now: number = Date.now()): number {
  if (header === null) return fallbackMs;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? fallbackMs : Math.max(0, date - now);
}
