import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDefaults } from '../../engine/apply-defaults.ts';
import { formFor } from '../../engine/form-for.ts';
import type { Doc } from '../../engine/types.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import { compiled, contexts, exampleWith, messagesOn } from './schema-test-kit.ts';

const ctx = contexts.commercial;
const on = (field: string, value: unknown, base: Doc = {}) =>
  messagesOn('commercial', exampleWith('commercial', { ...base, [field]: value }), field);

/** A document where every commercial sub-field applies, so each range below is checked. */
const allAsked: Doc = {
  foundation_type: 'Basement',
  basement_type: 'Full',
  machinery_below_grade: 'Yes',
  machinery_below_grade_value: 5000,
  underwriting_river_within_5_miles: 'Yes',
  river_distance: 1,
  closest_river: 'Manatee River',
  underwriting_under_construction: 'Yes',
  construction_storage: 'On site, in a locked trailer.',
  construction_duration: 4,
};

describe('SPEC §3 commercial defaults', () => {
  it('defaults units 1, residential percent 100, elevators 0, parking None, claim status Closed', () => {
    expect(applyDefaults(compiled, {})).toMatchObject({
      units: 1,
      residential_percent: 100,
      elevators_number: 0,
      parking: 'None',
      prior_loss_claim_status: 'Closed',
    });
  });

  it('leaves a new commercial document with only the agent-answered fields to fill', () => {
    const fresh = applyDefaults(compiled, {});
    const failing = new Set(validateDocument(compiled, fresh, ctx).map((m) => m.field));
    for (const field of ['units', 'residential_percent', 'elevators_number', 'parking']) {
      expect(failing.has(field), field).toBe(false);
    }
    for (const field of ['commercial_building_type', 'operations_description', 'underwriting_opa']) {
      expect(failing.has(field), field).toBe(true);
    }
  });
});

describe('SPEC §9 commercial ranges', () => {
  it('residential percent: 25 to 100 in steps of 25 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200, max: 300 }), (percent) => {
        const valid = percent >= 25 && percent <= 100 && percent % 25 === 0;
        expect(on('residential_percent', percent)).toEqual(
          valid ? [] : ['Residential Percent must be one of the listed options'],
        );
      }),
      { numRuns: 200 },
    );
    expect(compiled.properties.residential_percent.oneOf).toEqual([
      { const: 25, title: '25%' },
      { const: 50, title: '50%' },
      { const: 75, title: '75%' },
      { const: 100, title: '100%' },
    ]);
  });

  it('elevators: whole numbers 0 to 10 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 60 }), (count) => {
        const valid = count >= 0 && count <= 10;
        expect(on('elevators_number', count, { num_of_stories: 1 })).toEqual(
          valid ? [] : ['Number Of Elevators must be between 0 and 10'],
        );
      }),
      { numRuns: 150 },
    );
    expect(on('elevators_number', 2.5, { num_of_stories: 1 })).toHaveLength(1);
  });

  it('machinery below grade value: $5,000 to $200,000 in $5,000 steps (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 400_000 }), (value) => {
        const valid = value >= 5000 && value <= 200_000 && value % 5000 === 0;
        expect(on('machinery_below_grade_value', value, allAsked)).toEqual(
          valid ? [] : ['Machinery Below Grade Value must be one of the listed options'],
        );
      }),
      { numRuns: 300 },
    );
    for (const value of [5000, 100_000, 200_000])
      expect(on('machinery_below_grade_value', value, allAsked)).toEqual([]);
    for (const value of [0, 4999, 7500, 205_000])
      expect(on('machinery_below_grade_value', value, allAsked)).toHaveLength(1);
  });

  it('units: a whole number from 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 5000 }), (units) => {
        expect(on('units', units)).toEqual(units >= 1 ? [] : ['Units must be at least 1']);
      }),
    );
  });

  it('river distance: 0 to 5 miles, as the question asks within 5 miles (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 20, noNaN: true }), (miles) => {
        const valid = miles >= 0 && miles <= 5;
        expect(on('river_distance', miles, allAsked)).toEqual(
          valid ? [] : ['River Distance must be between 0 and 5'],
        );
      }),
      { numRuns: 150 },
    );
  });

  it('construction duration: whole months from 1; elevator count 1 to 10 after a Yes', () => {
    expect(on('construction_duration', 0, allAsked)).toEqual(['Construction Duration must be at least 1']);
    expect(on('construction_duration', 18, allAsked)).toEqual([]);
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 20 }), (count) => {
        expect(on('underwriting_elevator_count', count)).toEqual(
          count >= 1 && count <= 10 ? [] : ['Elevator Count must be between 1 and 10'],
        );
      }),
    );
  });

  it('offers fixed option lists for the commercial selects', () => {
    const options = (field: string) => compiled.properties[field].enum;
    expect(options('commercial_building_type')).toEqual(
      expect.arrayContaining(['Mixed Used', 'Main Street']),
    );
    expect(options('parking')).toContain('None');
    expect(options('prior_loss_claim_status')).toEqual(['Open', 'Closed']);
    expect(options('residential_use')).toContain('None');
    expect(options('commercial_building_use')).toEqual(expect.arrayContaining(['Office', 'Retail', 'Other']));
    expect(on('commercial_building_use', 'Spaceport', { commercial_building_type: 'Office' })).toEqual([
      'Commercial Building Use must be one of the listed options',
    ]);
  });

  it('places every commercial field of the spec on the commercial form', () => {
    const fields = formFor(compiled, ctx).sections.flatMap((s) => s.fields);
    for (const field of [
      'commercial_building_type',
      'contents_type',
      'contents_location',
      'building_occupancy',
      'commercial_building_use',
      'residential_use',
      'units',
      'residential_percent',
      'elevators_number',
      'elevator_equipment_location',
      'parking',
      'operations_description',
      'machinery_below_grade',
      'machinery_below_grade_value',
      'building_replacement_cost',
      'annual_business_income',
      'business_income_limit',
      'prior_coverage_type',
    ]) {
      expect(fields, field).toContain(field);
    }
  });
});
