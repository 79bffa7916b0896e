import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import type { Doc } from '../../engine/types.ts';
import { sandboxRate } from '../../server/quoting/sandbox-rate.ts';

const table = carriersFile.sandbox_rating;
const PRODUCTS = ['Primary', 'Excess', 'Mobile', 'Commercial'];
const DEDUCTIBLES = [1000, 2000, 5000, 10000, 25000];
const ZONES = {
  V: ['V', 'VE', 'V1-30'],
  A: ['A', 'AE', 'AH', 'AO', 'A99', 'AR'],
  X: ['X', 'B', 'C', 'X500'],
};
const FOUNDATIONS = [
  'Slab',
  'Crawlspace',
  'Basement',
  'Elevated',
  'Solid Foundation Walls',
  'Piers/Posts/Piles',
];
const UNITS = ['ft', 'meter', 'km', 'miles'];

const documentArbitrary = fc.record({
  building_limit: fc.integer({ min: 0, max: 5_000_000 }),
  contents_limit: fc.integer({ min: 0, max: 1_000_000 }),
  excess_building_limit: fc.integer({ min: 0, max: 5_000_000 }),
  excess_contents_limit: fc.integer({ min: 0, max: 1_000_000 }),
  deductible: fc.constantFrom(...DEDUCTIBLES),
  flood_zone: fc.constantFrom(...ZONES.V, ...ZONES.A, ...ZONES.X),
  elevation_difference: fc.integer({ min: -15, max: 15 }),
  foundation_type: fc.constantFrom(...FOUNDATIONS),
  distance_to_coast: fc.double({ min: 0, max: 200_000, noNaN: true }),
  distance_to_coast_unit: fc.constantFrom(...UNITS),
  mobile_home_length: fc.integer({ min: 1, max: 90 }),
  mobile_home_width: fc.integer({ min: 1, max: 32 }),
});
const optionsArbitrary = fc.record({
  product: fc.constantFrom(...PRODUCTS),
  carrierFactor: fc.double({ min: 0.8, max: 1.2, noNaN: true }),
  purchasedExtras: fc.constantFrom(0, 10000, 50000),
});

const rate = (doc: Doc, options: { product: string; carrierFactor: number; purchasedExtras: number }) =>
  sandboxRate(doc, options, table);

describe('sandboxRate', () => {
  it('reproduces the worked example of docs/sandbox-rating.md', () => {
    const doc = {
      building_limit: 250000,
      contents_limit: 100000,
      deductible: 5000,
      flood_zone: 'AE',
      elevation_difference: 2,
      foundation_type: 'Crawlspace',
      distance_to_coast: 3000,
      distance_to_coast_unit: 'ft',
    };
    expect(rate(doc, { product: 'Primary', carrierFactor: 0.95, purchasedExtras: 0 })).toBe(1813);
  });

  it('is deterministic, whole dollars and never below the minimum premium', () => {
    fc.assert(
      fc.property(documentArbitrary, optionsArbitrary, (doc, options) => {
        const premium = rate(doc, options);
        expect(rate({ ...doc }, { ...options })).toBe(premium);
        expect(Number.isInteger(premium)).toBe(true);
        expect(premium).toBeGreaterThanOrEqual(table.rates_per_100[options.product].minimum_premium);
      }),
    );
  });

  it('a higher building or contents limit never lowers the premium', () => {
    fc.assert(
      fc.property(
        documentArbitrary,
        optionsArbitrary,
        fc.integer({ min: 1, max: 1_000_000 }),
        (doc, options, more) => {
          const base = rate(doc, options);
          expect(rate({ ...doc, building_limit: doc.building_limit + more }, options)).toBeGreaterThanOrEqual(
            base,
          );
          expect(rate({ ...doc, contents_limit: doc.contents_limit + more }, options)).toBeGreaterThanOrEqual(
            base,
          );
          expect(
            rate({ ...doc, excess_building_limit: doc.excess_building_limit + more }, options),
          ).toBeGreaterThanOrEqual(base);
        },
      ),
    );
  });

  it('a large enough building limit raises the premium above the minimum, and more raises it strictly', () => {
    const doc = { building_limit: 1_000_000, contents_limit: 0, deductible: 1000, flood_zone: 'AE' };
    const options = { product: 'Primary', carrierFactor: 1, purchasedExtras: 0 };
    expect(rate({ ...doc, building_limit: 2_000_000 }, options)).toBeGreaterThan(rate(doc, options));
  });

  it('a higher deductible never raises the premium', () => {
    fc.assert(
      fc.property(
        documentArbitrary,
        optionsArbitrary,
        fc.constantFrom(...DEDUCTIBLES),
        fc.constantFrom(...DEDUCTIBLES),
        (doc, options, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(rate({ ...doc, deductible: high }, options)).toBeLessThanOrEqual(
            rate({ ...doc, deductible: low }, options),
          );
        },
      ),
    );
  });

  it('a higher elevation difference (feet above BFE) never raises the premium', () => {
    fc.assert(
      fc.property(
        documentArbitrary,
        optionsArbitrary,
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (doc, options, feet, more) => {
          expect(rate({ ...doc, elevation_difference: feet + more }, options)).toBeLessThanOrEqual(
            rate({ ...doc, elevation_difference: feet }, options),
          );
        },
      ),
    );
  });

  it('rates V zones >= A zones >= X zones', () => {
    fc.assert(
      fc.property(
        documentArbitrary,
        optionsArbitrary,
        fc.constantFrom(...ZONES.V),
        fc.constantFrom(...ZONES.A),
        fc.constantFrom(...ZONES.X),
        (doc, options, v, a, x) => {
          const inV = rate({ ...doc, flood_zone: v }, options);
          const inA = rate({ ...doc, flood_zone: a }, options);
          const inX = rate({ ...doc, flood_zone: x }, options);
          expect(inV).toBeGreaterThanOrEqual(inA);
          expect(inA).toBeGreaterThanOrEqual(inX);
        },
      ),
    );
  });

  it('nearer the coast never rates lower, in any unit', () => {
    fc.assert(
      fc.property(
        documentArbitrary,
        optionsArbitrary,
        fc.double({ min: 0, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (doc, options, a, b) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          const inMiles = { ...doc, distance_to_coast_unit: 'miles' };
          expect(rate({ ...inMiles, distance_to_coast: near }, options)).toBeGreaterThanOrEqual(
            rate({ ...inMiles, distance_to_coast: far }, options),
          );
        },
      ),
    );
  });

  it('converts the distance unit: 1 mile, 5,280 ft, 1,609.344 m and 1.609344 km rate the same', () => {
    const doc = { building_limit: 300000, contents_limit: 50000, deductible: 2000, flood_zone: 'X' };
    const options = { product: 'Primary', carrierFactor: 1, purchasedExtras: 0 };
    // 3 miles sits inside the 5-mile tier in every unit; 0.9 miles would be the 1-mile tier.
    const premiums = [
      rate({ ...doc, distance_to_coast: 3, distance_to_coast_unit: 'miles' }, options),
      rate({ ...doc, distance_to_coast: 15840, distance_to_coast_unit: 'ft' }, options),
      rate({ ...doc, distance_to_coast: 4828.032, distance_to_coast_unit: 'meter' }, options),
      rate({ ...doc, distance_to_coast: 4.828032, distance_to_coast_unit: 'km' }, options),
    ];
    expect(new Set(premiums).size).toBe(1);
    expect(
      rate({ ...doc, distance_to_coast: 0.9, distance_to_coast_unit: 'miles' }, options),
    ).toBeGreaterThan(premiums[0]);
  });

  it('prices foundation types: basement above crawlspace above slab above piles', () => {
    const doc = { building_limit: 400000, contents_limit: 100000, deductible: 1000, flood_zone: 'AE' };
    const options = { product: 'Primary', carrierFactor: 1, purchasedExtras: 0 };
    const by = (foundation_type: string) => rate({ ...doc, foundation_type }, options);
    expect(by('Basement')).toBeGreaterThan(by('Crawlspace'));
    expect(by('Crawlspace')).toBeGreaterThan(by('Slab'));
    expect(by('Slab')).toBeGreaterThan(by('Piers/Posts/Piles'));
  });

  it('rates Excess on the excess limits and Mobile by its dimensions', () => {
    const options = { product: 'Excess', carrierFactor: 1, purchasedExtras: 0 };
    const excess = {
      excess_building_limit: 2_000_000,
      excess_contents_limit: 0,
      flood_zone: 'AE',
      deductible: 1000,
    };
    expect(rate({ ...excess, building_limit: 9_000_000 }, options)).toBe(rate(excess, options));
    expect(rate({ ...excess, excess_building_limit: 4_000_000 }, options)).toBeGreaterThan(
      rate(excess, options),
    );
    const mobile = { building_limit: 150000, contents_limit: 30000, flood_zone: 'AE', deductible: 1000 };
    const mobileOptions = { product: 'Mobile', carrierFactor: 1, purchasedExtras: 0 };
    expect(rate({ ...mobile, mobile_home_length: 76, mobile_home_width: 16 }, mobileOptions)).toBeGreaterThan(
      rate({ ...mobile, mobile_home_length: 40, mobile_home_width: 12 }, mobileOptions),
    );
  });

  it('a higher carrier factor never lowers the premium, so carriers differ', () => {
    fc.assert(
      fc.property(
        documentArbitrary,
        optionsArbitrary,
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (doc, o, more) => {
          expect(rate(doc, { ...o, carrierFactor: o.carrierFactor + more })).toBeGreaterThanOrEqual(
            rate(doc, o),
          );
        },
      ),
    );
  });

  it('reads currency-formatted text and throws for a product without rates or an unknown unit', () => {
    const options = { product: 'Primary', carrierFactor: 1, purchasedExtras: 0 };
    const doc = { building_limit: 250000, contents_limit: 100000, deductible: 5000, flood_zone: 'AE' };
    expect(rate({ ...doc, building_limit: '$250,000' }, options)).toBe(rate(doc, options));
    expect(() => rate(doc, { ...options, product: 'Home' })).toThrow('No sandbox rates for product Home');
    expect(() => rate({ ...doc, distance_to_coast: 1, distance_to_coast_unit: 'yards' }, options)).toThrow(
      'Unknown distance unit yards',
    );
  });
});
