/** The one refusal of an expired quote (issue 16, docs/decisions/400-quote-expiry.md). */
import { ApiError } from '../http/api-error.ts';
import { type ExpiringQuote, QUOTE_EXPIRED_MESSAGE, quoteExpiry } from '../quoting/quote-expiry.ts';

/**
 * Throws ApiError 409 QUOTE_EXPIRED_MESSAGE, naming the carriers in `body.quote_ids`, when any of
 * `quotes` has expired at `now` by its company's quote expiry days; returns otherwise.
 */
export function refuseExpiredQuotes(quotes: (ExpiringQuote & { display_name: string })[], now: Date): void {
  const expired = quotes.filter((quote) => quoteExpiry(quote, now).expired);
  if (expired.length) {
    throw new ApiError(409, QUOTE_EXPIRED_MESSAGE, {
      'body.quote_ids': `Expired: ${expired.map((quote) => quote.display_name).join(', ')}.`,
    });
  }
}
