/**
 * The price predictor's model (issue 15), without a database: a fixture of known neighbours, the
 * not-enough-data case, zones of another group never comparable, premiums scaled by insured value,
 * drivers, and fast-check properties (ordered ranges; identical comparables collapse the range;
 * distance symmetric and zero for the same risk; held-out applications never predict themselves).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitPriceModel } from '../../../server/price-predictor/fit-price-model.ts';
import { predictPremium } from '../../../server/price-predictor/predict-premium.ts';
import { pricePredictorConfig as config } from '../../../server/price-predictor/predictor-config.ts';
import { buildModel, type PastQuote } from '../../../server/price-predictor/price-model.ts';
import {
  featuresOf,
  insuredValue,
  type RiskInputs,
  riskDistance,
} from '../../../server/price-predictor/risk-inputs.ts';

const AE_RISK: RiskInputs = {
  flood_zone: 'AE',
  year_built: 1990,
  elevation_difference: 1,
  building_limit: 200_000,
  contents_limit: 50_000,
  deductible: 2000,
};

/** `count` applications of `inputs`, each quoted by carriers a and b at `rate` per dollar insured (b 10% more). */
function book(inputs: RiskInputs, count: number, rate: number, firstId = 1): PastQuote[] {
  const insured = insuredValue(inputs, config);
  return Array.from({ length: count }, (_, i) =>
    (['a', 'b'] as const).map((carrier) => ({
      application_id: firstId + i,
      carrier,
      display_name: carrier.toUpperCase(),
      product: 'Primary',
      premium: Math.round(rate * insured * (carrier === 'b' ? 1.1 : 1)),
      inputs,
    })),
  ).flat();
}

const fitted = new Date('2026-11-25T07:00:00Z');

describe('predictPremium', () => {
  it('says "not enough data" below min_comparables and estimates from there on', () => {
    const few = buildModel(book(AE_RISK, config.min_comparables - 1, 0.01), config, fitted);
    expect(predictPremium(few, 'Primary', AE_RISK, config)).toMatchObject({
      status: 'not-enough-data',
      range: null,
      comparable_applications: config.min_comparables - 1,
      needed: config.min_comparables,
    });
    const enough = buildModel(book(AE_RISK, config.min_comparables, 0.01), config, fitted);
    expect(predictPremium(enough, 'Primary', AE_RISK, config).status).toBe('estimated');
  });

  it('scales comparable premiums to the asked insured value and ranges each carrier', () => {
    const model = buildModel(book(AE_RISK, 10, 0.01), config, fitted);
    const asked = { ...AE_RISK, building_limit: 450_000 }; // insured 500,000: twice the book's
    const prediction = predictPremium(model, 'Primary', asked, config);
    expect(prediction.carriers.map((c) => [c.carrier, c.range?.median])).toEqual([
      ['a', 5000],
      ['b', 5500],
    ]);
    expect(prediction.range?.low).toBe(5000);
    expect(prediction.range?.high).toBe(5500);
  });

  it('never compares zones of another group, nor another product', () => {
    const model = buildModel(book({ ...AE_RISK, flood_zone: 'X' }, 30, 0.004), config, fitted);
    expect(predictPremium(model, 'Primary', AE_RISK, config).status).toBe('not-enough-data');
    expect(predictPremium(model, 'Excess', { ...AE_RISK, flood_zone: 'X' }, config).status).toBe(
      'not-enough-data',
    );
    // Another A zone is the same group: comparable.
    const aModel = buildModel(book({ ...AE_RISK, flood_zone: 'A' }, 10, 0.01), config, fitted);
    expect(predictPremium(aModel, 'Primary', AE_RISK, config).status).toBe('estimated');
  });

  it('uses the nearest applications first and names the input that moved the estimate', () => {
    const nearBook = book(AE_RISK, config.neighbours, 0.01);
    const lowerRate = book({ ...AE_RISK, elevation_difference: 4 }, config.neighbours, 0.005, 1000);
    const model = buildModel([...nearBook, ...lowerRate], config, fitted);
    const prediction = predictPremium(model, 'Primary', AE_RISK, config);
    expect(prediction.range?.median).toBeGreaterThanOrEqual(2500); // only the rate-0.01 neighbours
    const elevated = predictPremium(model, 'Primary', { ...AE_RISK, elevation_difference: 4 }, config);
    expect(elevated.range?.high).toBeLessThanOrEqual(1375);
    expect(elevated.drivers[0]?.input).toBe('elevation_difference');
  });

  it('gives an ordered range for any risk (property)', () => {
    const model = buildModel(
      [
        ...book(AE_RISK, 12, 0.01),
        ...book({ ...AE_RISK, year_built: 1960 }, 12, 0.013, 100),
        ...book({ ...AE_RISK, deductible: 10_000 }, 12, 0.008, 200),
      ],
      config,
      fitted,
    );
    fc.assert(
      fc.property(
        fc.record({
          year_built: fc.integer({ min: 1900, max: 2026 }),
          elevation_difference: fc.double({ min: -5, max: 5, noNaN: true }),
          building_limit: fc.integer({ min: 0, max: 1_000_000 }),
          contents_limit: fc.integer({ min: 0, max: 500_000 }),
          deductible: fc.constantFrom(1000, 2000, 5000, 10_000, 25_000),
        }),
        (varied) => {
          const prediction = predictPremium(model, 'Primary', { ...AE_RISK, ...varied }, config);
          if (!prediction.range) return prediction.status === 'not-enough-data';
          const { low, median, high } = prediction.range;
          return (
            low <= median &&
            median <= high &&
            prediction.carriers.every((c) => !c.range || c.range.low <= c.range.high)
          );
        },
      ),
    );
  });

  it('collapses the range when every comparable has the same rate (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 0.05, noNaN: true }),
        fc.integer({ min: 50_000, max: 900_000 }),
        (rate, building) => {
          const inputs = { ...AE_RISK, building_limit: building };
          const quotes = book(inputs, config.min_comparables, rate).filter((q) => q.carrier === 'a');
          const prediction = predictPremium(buildModel(quotes, config, fitted), 'Primary', inputs, config);
          const expected = Math.round(rate * insuredValue(inputs, config));
          return (
            prediction.range?.low === prediction.range?.high &&
            Math.abs((prediction.range?.median ?? 0) - expected) <= 1
          );
        },
      ),
    );
  });
});

describe('riskDistance', () => {
  const risk = fc.record({
    flood_zone: fc.constantFrom('AE', 'A', 'VE', 'X', null),
    year_built: fc.option(fc.integer({ min: 1900, max: 2026 })),
    elevation_difference: fc.option(fc.double({ min: -10, max: 10, noNaN: true })),
    building_limit: fc.option(fc.integer({ min: 1, max: 2_000_000 })),
    contents_limit: fc.option(fc.integer({ min: 1, max: 500_000 })),
    deductible: fc.option(fc.constantFrom(1000, 2000, 5000)),
  });

  it('is zero for the same risk and symmetric between fully known risks (property)', () => {
    fc.assert(
      fc.property(risk, risk, (a, b) => {
        const fa = featuresOf(a, config);
        const fb = featuresOf(b, config);
        const same = riskDistance(fa, fa, config) === 0;
        const known = fa.every((f) => f !== null) && fb.every((f) => f !== null);
        return (
          same && (!known || Math.abs(riskDistance(fa, fb, config) - riskDistance(fb, fa, config)) < 1e-9)
        );
      }),
    );
  });
});

describe('fitPriceModel', () => {
  it('measures accuracy on held-out applications that never predict themselves', () => {
    // Every application is a risk of its own zone group except one lonely VE risk held out (id 5).
    const quotes = [
      ...book(AE_RISK, 30, 0.01, 6),
      ...book({ ...AE_RISK, flood_zone: 'VE' }, 1, 0.03, config.holdout_every),
    ];
    const model = fitPriceModel(quotes, config, fitted);
    expect(model.accuracy.unpredicted).toBe(2);
    expect(model.accuracy.evaluated).toBeGreaterThan(0);
    expect(model.accuracy.median_absolute_percentage_error).toBeLessThan(0.06);
    expect(model.accuracy.range_coverage).toBe(1);
    expect(model.application_count).toBe(31);
    expect(model.typical.flood_zone).toBe('AE');
  });

  it('measures each product on its own held-out applications, and adds up to the overall (ADR 761)', () => {
    // Primary: a steady book; Excess: twice the rate, with its own ids so some are held out.
    const excess = book(AE_RISK, 20, 0.02, 100).map((quote) => ({ ...quote, product: 'Excess' }));
    const model = fitPriceModel([...book(AE_RISK, 30, 0.01, 6), ...excess], config, fitted);
    const { Primary, Excess, ...others } = model.accuracy_by_product ?? {};
    expect(others).toEqual({});
    expect(Primary.evaluated).toBeGreaterThan(0);
    expect(Excess.evaluated).toBeGreaterThan(0);
    expect(Primary.evaluated + Excess.evaluated).toBe(model.accuracy.evaluated);
    expect(Primary.unpredicted + Excess.unpredicted).toBe(model.accuracy.unpredicted);
    // Each product is compared only with its own: both books are predicted to within a few percent.
    expect(Primary.median_absolute_percentage_error).toBeLessThan(0.06);
    expect(Excess.median_absolute_percentage_error).toBeLessThan(0.06);
  });
});
