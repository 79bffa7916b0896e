/**
 * The sandbox quote manager's statement-of-values rate (docs/sandbox-rating.md, Statements of
 * values): the worked example, and properties every indicative premium keeps.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sovCarriers } from '../../../carrier-catalog/sov-carriers.ts';
import { quoteManagerFor } from '../../../server/quoting/quote-manager-for.ts';
import {
  sandboxQuoteManager,
  sandboxSovRating,
  sovBuildingPremium,
  sovPremium,
} from '../../../server/quoting/sandbox-quote-manager.ts';
import type { SovBuilding } from '../../../server/quoting/sov-building.ts';
import { SOV_BUILDING } from '../helpers/sample-records.ts';

const WAREHOUSE: SovBuilding = {
  ...SOV_BUILDING,
  location: 'Warehouse',
  construction: 'Frame',
  year_built: 1960,
  stories: 1,
};

const building: fc.Arbitrary<SovBuilding> = fc.record({
  location: fc.string({ minLength: 1, maxLength: 30 }),
  building_value: fc.integer({ min: 0, max: 50_000_000 }),
  contents_value: fc.integer({ min: 0, max: 10_000_000 }),
  business_income: fc.integer({ min: 0, max: 10_000_000 }),
  construction: fc.constantFrom(
    'Frame',
    'Masonry',
    'Masonry Veneer',
    'Brick',
    'Concrete',
    'Steel',
    'Log',
    'Other',
  ),
  occupancy: fc.constantFrom('Owner Occupied', 'Tenant Occupied', 'Vacant'),
  year_built: fc.integer({ min: 1800, max: 2026 }),
  stories: fc.integer({ min: 1, max: 100 }),
});
const managerId = fc.constantFrom(...sovCarriers().map((c) => c.quote_manager_id));

describe('sandbox quote manager', () => {
  it('reproduces the worked example of docs/sandbox-rating.md', () => {
    expect(sovBuildingPremium(SOV_BUILDING)).toBeCloseTo(6_755, 6);
    expect(sovBuildingPremium(WAREHOUSE)).toBeCloseTo(10_254.09, 6);
    expect(sovPremium([SOV_BUILDING, WAREHOUSE], 'tmh')).toBe(18_620);
  });

  it('is deterministic, in whole dollars, at least the minimum premium and fee scaled by the carrier', () => {
    fc.assert(
      fc.property(fc.array(building, { minLength: 1, maxLength: 5 }), managerId, (buildings, id) => {
        const premium = sovPremium(buildings, id);
        expect(premium).toBe(sovPremium(structuredClone(buildings), id));
        expect(Number.isInteger(premium)).toBe(true);
        const factor =
          sandboxSovRating.quote_manager_factors[id] ?? sandboxSovRating.other_quote_manager_factor;
        expect(premium).toBeGreaterThanOrEqual(
          Math.round(sandboxSovRating.minimum_premium * factor + sandboxSovRating.policy_fee),
        );
      }),
    );
  });

  it('never falls when a value rises or a building is added', () => {
    fc.assert(
      fc.property(
        fc.array(building, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('building_value', 'contents_value', 'business_income' as const),
        fc.integer({ min: 1, max: 5_000_000 }),
        building,
        managerId,
        (buildings, key, more, extra, id) => {
          const raised = buildings.map((b, i) => (i === 0 ? { ...b, [key]: b[key] + more } : b));
          expect(sovPremium(raised, id)).toBeGreaterThanOrEqual(sovPremium(buildings, id));
          expect(sovPremium([...buildings, extra], id)).toBeGreaterThanOrEqual(sovPremium(buildings, id));
        },
      ),
    );
  });

  it('answers an indicative quote with the statement totals as coverages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(building, { minLength: 1, maxLength: 4 }),
        managerId,
        async (buildings, id) => {
          const answer = await sandboxQuoteManager(id).quote({
            carrier: sovCarriers().find((c) => c.quote_manager_id === id) as ReturnType<
              typeof sovCarriers
            >[number],
            buildings,
            document: { deductible: 10_000 },
          });
          expect(answer).toMatchObject({
            status: 'quoted',
            indicative: true,
            premium: sovPremium(buildings, id),
          });
          expect(answer.coverages).toEqual({
            building_limit: buildings.reduce((s, b) => s + b.building_value, 0),
            contents_limit: buildings.reduce((s, b) => s + b.contents_value, 0),
            business_income: buildings.reduce((s, b) => s + b.business_income, 0),
            buildings: buildings.length,
            deductible: 10_000,
          });
        },
      ),
      { numRuns: 30 },
    );
  });

  it('has a quote manager for every SOV carrier and none for other ids', () => {
    for (const carrier of sovCarriers())
      expect(quoteManagerFor(carrier.quote_manager_id).id).toBe(carrier.quote_manager_id);
    expect(() => quoteManagerFor('wright')).toThrow('no quote manager "wright"');
    // Every SPEC §1 quote manager id has its own factor in the table.
    for (const id of [
      'assurant_commercial',
      'insurmark_commercial',
      'aon_commercial',
      'tmh',
      'wright_brokerage',
      'joe_flood',
      'ftp',
      'flow_commercial',
    ]) {
      expect(sandboxSovRating.quote_manager_factors).toHaveProperty(id);
    }
  });
});
