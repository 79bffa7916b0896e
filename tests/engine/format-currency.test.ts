import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCurrency } from '../../engine/format-currency.ts';

describe('formatCurrency', () => {
  it.each([
    [1234567, '$1,234,567'],
    [1234.5, '$1,234.50'],
    [0, '$0'],
    [5, '$5'],
    [999.999, '$1,000'],
    [0.5, '$0.50'],
    [-2500, '-$2,500'],
    [-0.001, '$0'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('formats %d as %s', (amount, text) => {
    expect(formatCurrency(amount)).toBe(text);
  });

  it('round-trips the digits of whole amounts (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (amount) => {
        const text = formatCurrency(amount);
        expect(text).toMatch(/^\$\d{1,3}(,\d{3})*$/);
        expect(Number(text.replace(/[$,]/g, ''))).toBe(amount);
      }),
    );
  });

  it('round-trips amounts with cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (cents) => {
        const text = formatCurrency(cents / 100);
        expect(text).toMatch(cents % 100 === 0 ? /^\$[\d,]+$/ : /^\$[\d,]+\.\d{2}$/);
        expect(Math.round(Number(text.replace(/[$,]/g, '')) * 100)).toBe(cents);
      }),
    );
  });
});
