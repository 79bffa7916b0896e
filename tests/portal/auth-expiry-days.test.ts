/** The company expiry-days value of SPEC §6: rounded-up days to the expiry date, or nothing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { companyExpiryDays, parseExpiry } from '../../portal/lib/company-expiry-days.ts';
import { DAY_MS } from '../../portal/lib/constants.ts';

const NOW = Date.UTC(2026, 10, 22, 8, 30);
const arbInstant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) });
const arbDate = fc.date({
  min: new Date(Date.UTC(1000, 0, 1)),
  max: new Date(Date.UTC(9999, 11, 31)),
  noInvalidDate: true,
});

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

describe('companyExpiryDays', () => {
  it('examples: tomorrow at midnight is 1, a moment ago is 0, two days and some hours ago is -2', () => {
    expect(companyExpiryDays('2026-11-23', NOW)).toBe(1);
    expect(companyExpiryDays('2026-11-22T08:29:00Z', NOW)).toBe(0);
    expect(companyExpiryDays('2026-11-20', NOW)).toBe(-2);
    expect(companyExpiryDays('2026-12-22', NOW)).toBe(30);
  });

  it('is the smallest whole number of days at or after the expiry (rounded up)', () => {
    fc.assert(
      fc.property(arbDate, arbInstant, (expiry, now) => {
        const days = companyExpiryDays(expiry.toISOString(), now);
        expect(days).not.toBeNull();
        const diff = expiry.getTime() - now;
        expect(Number.isInteger(days)).toBe(true);
        expect((days as number) * DAY_MS).toBeGreaterThanOrEqual(diff);
        expect(((days as number) - 1) * DAY_MS).toBeLessThan(diff);
        expect(Object.is(days, -0)).toBe(false);
      }),
    );
  });

  it('a date-only value counts from midnight UTC of that day', () => {
    fc.assert(
      fc.property(arbDate, arbInstant, (date, now) => {
        const day = isoDay(date.getTime());
        const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
        expect(parseExpiry(day)).toBe(midnight);
        expect(companyExpiryDays(day, now)).toBe(Math.ceil((midnight - now) / DAY_MS) + 0);
      }),
    );
  });

  it('never grows as time passes', () => {
    fc.assert(
      fc.property(arbDate, arbInstant, fc.nat({ max: 400 * DAY_MS }), (expiry, now, later) => {
        const before = companyExpiryDays(expiry.toISOString(), now) as number;
        const after = companyExpiryDays(expiry.toISOString(), now + later) as number;
        expect(after).toBeLessThanOrEqual(before);
      }),
    );
  });

  it('is nothing for a missing or invalid expiry', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'soon',
      '2027-02-30',
      '2027-13-01',
      '2027-1-1',
      '0099-01-01',
      42,
      {},
    ]) {
      expect(companyExpiryDays(bad, NOW)).toBeNull();
    }
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!/^\d{4}-\d{2}-\d{2}/.test(text));
        expect(companyExpiryDays(text, NOW)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)),
        (value) => companyExpiryDays(value, NOW) === null,
      ),
    );
  });
});
