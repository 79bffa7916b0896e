/**
 * When a carrier's premium stops being offered: the company's global `quote_expiry_days` after the
 * carrier answered (issue 16 settings that take effect, docs/decisions/400-quote-expiry.md). A
 * bound quote is a policy and no longer expires; a quote without a premium never had an offer.
 */
import options from '../config/portal-settings-options.json' with { type: 'json' };

const DAY_MS = 86_400_000;

/** Days a quote stays offered when the company never set `quote_expiry_days` (30). */
export const DEFAULT_QUOTE_EXPIRY_DAYS: number = options.default_global.quote_expiry_days;

/** Answer of a refused bind, send or "I want this quote" on an expired quote. */
export const QUOTE_EXPIRED_MESSAGE =
  'This quote has expired. Relaunch the application for a current premium.';

/** What the expiry needs of a quote: its status, premium (dollars), answer time and bound mark. */
export interface ExpiringQuote {
  status: string;
  premium: number | string | null;
  answered_at: Date | null;
  bound_id: number | null;
  /** The company's stored setting in days, or null when unset (DEFAULT_QUOTE_EXPIRY_DAYS). */
  quote_expiry_days: number | null;
}

/**
 * `expires_at` (ISO 8601, `quote_expiry_days` whole days after `answered_at`) and `expired`
 * (`now` at or past it) of an offered quote; `{expires_at: null, expired: false}` for a quote that
 * offers nothing (not `quoted`, no premium or no answer time) or is already bound.
 */
export function quoteExpiry(
  quote: ExpiringQuote,
  now: Date,
): { expires_at: string | null; expired: boolean } {
  if (
    quote.status !== 'quoted' ||
    quote.premium === null ||
    quote.answered_at === null ||
    quote.bound_id !== null
  ) {
    return { expires_at: null, expired: false };
  }
  const days = quote.quote_expiry_days ?? DEFAULT_QUOTE_EXPIRY_DAYS;
  const expiresAt = quote.answered_at.getTime() + days * DAY_MS;
  return { expires_at: new Date(expiresAt).toISOString(), expired: now.getTime() >= expiresAt };
}
