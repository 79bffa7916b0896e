/**
 * quoteExpiry (docs/decisions/400-quote-expiry.md): an offered, unbound quote expires whole days
 * after its answer, by the company's setting or 30 days; nothing else ever expires.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUOTE_EXPIRY_DAYS,
  type ExpiringQuote,
  quoteExpiry,
} from '../../../server/quoting/quote-expiry.ts';

const DAY = 86_400_000;
const answeredAt = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true });
const offered = (answered_at: Date, quote_expiry_days: number | null): ExpiringQuote => ({
  status: 'quoted',
  premium: 1234.5,
  answered_at,
  bound_id: null,
  quote_expiry_days,
});

describe('quoteExpiry', () => {
  it('expires an offered quote exactly the set days after its answer, and not a millisecond before', () => {
    fc.assert(
      fc.property(
        answeredAt,
        fc.integer({ min: 1, max: 365 }),
        fc.integer({ min: 1, max: DAY }),
        (at, days, ms) => {
          const quote = offered(at, days);
          const expiresAt = at.getTime() + days * DAY;
          expect(quoteExpiry(quote, new Date(expiresAt - ms))).toEqual({
            expires_at: new Date(expiresAt).toISOString(),
            expired: false,
          });
          expect(quoteExpiry(quote, new Date(expiresAt)).expired).toBe(true);
          expect(quoteExpiry(quote, new Date(expiresAt + ms)).expired).toBe(true);
        },
      ),
    );
  });

  it('uses 30 days when the company never set it', () => {
    const at = new Date('2026-11-01T12:00:00Z');
    expect(DEFAULT_QUOTE_EXPIRY_DAYS).toBe(30);
    expect(quoteExpiry(offered(at, null), at).expires_at).toBe('2026-12-01T12:00:00.000Z');
  });

  it('never expires a quote that offers nothing or is bound', () => {
    const statuses = fc.constantFrom('pending', 'quoted', 'declined', 'error', 'timeout');
    fc.assert(
      fc.property(
        statuses,
        fc.option(fc.double({ min: 1, max: 1e6, noNaN: true })),
        fc.option(answeredAt),
        fc.option(fc.integer({ min: 1 })),
        fc.integer({ min: 1, max: 365 }),
        (status, premium, answered_at, bound_id, days) => {
          fc.pre(status !== 'quoted' || premium === null || answered_at === null || bound_id !== null);
          const quote = { status, premium, answered_at, bound_id, quote_expiry_days: days };
          expect(quoteExpiry(quote, new Date('2099-01-01'))).toEqual({ expires_at: null, expired: false });
        },
      ),
    );
  });
});
