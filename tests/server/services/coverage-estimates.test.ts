/**
 * The coverage estimates' rules as properties (issue 40; server/config/coverage-estimates.json):
 * a building limit never above the NFIP maximum nor the building replacement cost, a contents
 * limit never above the NFIP contents maximum nor the contents replacement cost, a replacement cost
 * that passes the schema set's minimum rule, nothing estimated without what it is made from; and
 * the table covers every construction type of the schema set.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../../engine/compile-schema-set.ts';
import { validateDocument } from '../../../engine/index.ts';
import constructionTypes from '../../../schemas/constants/construction-types.json' with { type: 'json' };
import { schemaSet } from '../../../schemas/schema-set.ts';
import {
  COVERAGE_ESTIMATES,
  ESTIMATED_FIELDS,
  estimateField,
} from '../../../server/services/coverage-estimates.ts';

const compiled = compileSchemaSet(schemaSet);
const PRIMARY = { product: 'Primary', application_type: 'flood', status: 'new' };
const construction = fc.constantFrom(...constructionTypes.enum);
const occupancy = fc.constantFrom('Single Family', 'Condo Unit', '2-4 Family', 'Townhouse/Rowhouse');
const sqft = fc.integer({ min: 1, max: 20_000 });

/** A document estimated field by field, as the pre-fill does (each estimate reads the ones before). */
function estimated(doc: Record<string, unknown>): Record<string, unknown> {
  const next = { ...doc };
  for (const field of ESTIMATED_FIELDS) {
    const value = estimateField(field, next);
    if (value !== null && next[field] === undefined) next[field] = value;
  }
  return next;
}

describe('coverage estimates', () => {
  it('has a rate for every construction type of the schema set, each at least the rule minimum', () => {
    expect(Object.keys(COVERAGE_ESTIMATES.rates_per_sqft).sort()).toEqual([...constructionTypes.enum].sort());
    for (const rate of Object.values(COVERAGE_ESTIMATES.rates_per_sqft))
      expect(rate).toBeGreaterThanOrEqual(125);
    expect(COVERAGE_ESTIMATES.condo_unit_rate_per_sqft).toBeGreaterThanOrEqual(50);
  });

  it('keeps limits within the NFIP maximums and the replacement costs, whatever was typed', () => {
    fc.assert(
      fc.property(
        sqft,
        construction,
        occupancy,
        fc.option(fc.integer({ min: 1, max: 5_000_000 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 2_000_000 }), { nil: undefined }),
        (area, type, use, typedBuilding, typedContents) => {
          const doc = estimated({
            sqft: area,
            construction_type: type,
            occupancy_type: use,
            building_replacement_cost: typedBuilding,
            contents_replacement_cost: typedContents,
          });
          const building = doc.building_replacement_cost as number;
          const contents = doc.contents_replacement_cost as number;
          expect(doc.building_limit).toBeLessThanOrEqual(COVERAGE_ESTIMATES.nfip_max_building_limit);
          expect(doc.building_limit).toBeLessThanOrEqual(building);
          expect(doc.contents_limit).toBeLessThanOrEqual(COVERAGE_ESTIMATES.nfip_max_contents_limit);
          expect(doc.contents_limit).toBeLessThanOrEqual(contents);
          // Defaulted to the NFIP maximum wherever the cost allows it.
          expect(doc.building_limit).toBe(Math.min(COVERAGE_ESTIMATES.nfip_max_building_limit, building));
        },
      ),
    );
  });

  it('estimates a replacement cost the minimum rule and the limit rule accept', () => {
    fc.assert(
      fc.property(sqft, construction, occupancy, (area, type, use) => {
        const doc = estimated({ sqft: area, construction_type: type, occupancy_type: use });
        const messages = validateDocument(compiled, doc, PRIMARY).filter((m) =>
          [
            'building_replacement_cost',
            'building_limit',
            'contents_limit',
            'contents_replacement_cost',
          ].includes(m.field),
        );
        expect(messages).toEqual([]);
        expect(doc.building_replacement_cost as number).toBeGreaterThanOrEqual(
          area * (use === 'Condo Unit' ? 50 : 125),
        );
        expect((doc.building_replacement_cost as number) % COVERAGE_ESTIMATES.round_to).toBe(0);
      }),
    );
  });

  it('estimates nothing without what it is made from', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(undefined), fc.constant(null), fc.constant(0), fc.constant(-5), fc.constant('')),
        construction,
        (area, type) => {
          expect(estimated({ sqft: area, construction_type: type })).toEqual({
            sqft: area,
            construction_type: type,
          });
        },
      ),
    );
    expect(
      estimateField('building_replacement_cost', { sqft: 1500, construction_type: 'Thatch' }),
    ).toBeNull();
    expect(estimateField('building_replacement_cost', { sqft: 1500 })).toBeNull();
    expect(estimateField('building_limit', { building_replacement_cost: null })).toBeNull();
  });

  it('follows the table: 2,000 sq ft of frame is $300,000, limits $250,000 and $100,000', () => {
    const doc = estimated({ sqft: 2000, construction_type: 'Frame', occupancy_type: 'Single Family' });
    expect(doc).toMatchObject({
      building_replacement_cost: 300_000,
      contents_replacement_cost: 150_000,
      building_limit: 250_000,
      contents_limit: 100_000,
    });
    const small = estimated({ sqft: 800, construction_type: 'Masonry', occupancy_type: 'Single Family' });
    expect(small).toMatchObject({
      building_replacement_cost: 136_000,
      building_limit: 136_000,
      contents_limit: 68_000,
    });
  });
});
