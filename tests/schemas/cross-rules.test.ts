import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import messageTexts from '../../schemas/messages.json' with { type: 'json' };
import { dollars, type ExampleName, exampleWith, messagesOn } from './schema-test-kit.ts';

const minimumMessage = (amount: number) =>
  messageTexts.building_replacement_cost_minimum.replace('{amount}', dollars(amount));
const condo = { occupancy_type: 'Condo Unit', condo_floor: 3, floors_in_building: 10 };

describe('SPEC §5 cross rule: minimum building replacement cost', () => {
  it.each(['primary', 'excess', 'home'] as ExampleName[])('%s: 125 per sqft, 50 for a Condo Unit', (name) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.boolean(),
        (sqft, cost, isCondo) => {
          const doc = exampleWith(name, {
            ...(isCondo ? condo : {}),
            sqft,
            building_replacement_cost: cost,
            building_limit: 0,
          });
          const minimum = sqft * (isCondo ? 50 : 125);
          const got = messagesOn(name, doc, 'building_replacement_cost');
          expect(got).toEqual(cost < minimum ? [minimumMessage(minimum)] : []);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is exact at the boundary and formats the amount as currency', () => {
    const at = exampleWith('primary', {
      sqft: 1234,
      building_replacement_cost: 154_250,
      building_limit: 100_000,
    });
    expect(messagesOn('primary', at, 'building_replacement_cost')).toEqual([]);
    const below = { ...at, building_replacement_cost: 154_249 };
    expect(messagesOn('primary', below, 'building_replacement_cost')).toEqual([
      messageTexts.building_replacement_cost_minimum.replace('{amount}', '$154,250'),
    ]);
    const condoDoc = exampleWith('primary', {
      ...condo,
      sqft: 1000,
      building_replacement_cost: 49_999,
      building_limit: 1,
    });
    expect(messagesOn('primary', condoDoc, 'building_replacement_cost')).toEqual([minimumMessage(50_000)]);
  });

  it('does not apply to Mobile Home or Commercial', () => {
    const mobile = exampleWith('mobile', {
      sqft: 5000,
      building_replacement_cost: 1000,
      building_limit: 1000,
    });
    expect(messagesOn('mobile', mobile, 'building_replacement_cost')).toEqual([]);
    const commercial = exampleWith('primary', {
      sqft: 5000,
      building_replacement_cost: 1000,
      building_limit: 1000,
    });
    expect(messagesOn('commercial', commercial, 'building_replacement_cost')).toEqual([]);
  });
});

describe('SPEC §5 cross rule: dwelling limit within the replacement cost', () => {
  it.each(['primary', 'excess', 'mobile', 'home'] as ExampleName[])('%s', (name) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (limit, cost) => {
          const doc = exampleWith(name, {
            sqft: 1,
            building_limit: limit,
            building_replacement_cost: cost,
            excess_building_limit: 0,
          });
          const got = messagesOn(name, doc, 'building_limit');
          expect(got).toEqual(limit > cost ? [messageTexts.dwelling_limit_exceeds_replacement_cost] : []);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('SPEC §5 cross rule: Excess total building coverage', () => {
  it('caps primary plus excess building coverage at the replacement cost', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 250_000 }),
        fc.integer({ min: 0, max: 4_000_000 }),
        fc.integer({ min: 250_000, max: 4_000_000 }),
        (primary, excess, cost) => {
          const doc = exampleWith('excess', {
            sqft: 1,
            building_limit: primary,
            excess_building_limit: excess,
            building_replacement_cost: cost,
          });
          const got = messagesOn('excess', doc, 'excess_building_limit');
          expect(got).toEqual(
            primary + excess > cost
              ? [messageTexts.total_building_coverage_cap.replace('{amount}', dollars(cost))]
              : [],
          );
        },
      ),
      { numRuns: 150 },
    );
    const over = exampleWith('excess', { building_limit: 250_000, excess_building_limit: 1_050_001 });
    expect(messagesOn('excess', over, 'excess_building_limit')).toEqual([
      messageTexts.total_building_coverage_cap.replace('{amount}', '$1,300,000'),
    ]);
  });
});

describe('SPEC §5 cross rule: Commercial contents replacement cost', () => {
  it('cannot be lower than the contents limit', () => {
    const base = { contents_limit: 100_000 };
    const low = exampleWith('primary', { ...base, contents_replacement_cost: 99_999 });
    expect(messagesOn('commercial', low, 'contents_replacement_cost')).toEqual([
      messageTexts.contents_replacement_cost_minimum.replace('{amount}', '$100,000'),
    ]);
    const equal = exampleWith('primary', { ...base, contents_replacement_cost: 100_000 });
    expect(messagesOn('commercial', equal, 'contents_replacement_cost')).toEqual([]);
    expect(messagesOn('primary', low, 'contents_replacement_cost')).toEqual([]);
  });
});
