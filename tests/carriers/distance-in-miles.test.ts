import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceInMiles } from '../../server/quoting/distance-in-miles.ts';
import { documentNumber } from '../../server/quoting/document-number.ts';

describe('distanceInMiles', () => {
  it('converts each SPEC §9 unit, miles by default', () => {
    expect(distanceInMiles(5280, 'ft')).toBeCloseTo(1, 12);
    expect(distanceInMiles(1609.344, 'meter')).toBeCloseTo(1, 12);
    expect(distanceInMiles(1.609344, 'km')).toBeCloseTo(1, 12);
    expect(distanceInMiles(2.5, 'miles')).toBe(2.5);
    expect(distanceInMiles(2.5, undefined)).toBe(2.5);
    expect(distanceInMiles(2.5, '')).toBe(2.5);
  });

  it('returns null for a missing or negative distance and throws for another unit', () => {
    expect(distanceInMiles(null, 'ft')).toBeNull();
    expect(distanceInMiles(-1, 'ft')).toBeNull();
    expect(() => distanceInMiles(1, 'yards')).toThrow('Unknown distance unit yards');
  });

  it('keeps the order of distances within a unit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.constantFrom('ft', 'meter', 'km', 'miles'),
        (a, b, unit) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(distanceInMiles(low, unit)).toBeLessThanOrEqual(distanceInMiles(high, unit) ?? -1);
        },
      ),
    );
  });
});

describe('documentNumber', () => {
  it('reads numbers and currency-formatted text, else null', () => {
    expect(documentNumber(250000)).toBe(250000);
    expect(documentNumber('$1,250,000')).toBe(1250000);
    expect(documentNumber('-3.5')).toBe(-3.5);
    expect(documentNumber('')).toBeNull();
    expect(documentNumber('abc')).toBeNull();
    expect(documentNumber(Number.NaN)).toBeNull();
    expect(documentNumber(null)).toBeNull();
    expect(documentNumber(true)).toBeNull();
  });
});
