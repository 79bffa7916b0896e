import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFields } from '../../engine/compute-fields.ts';
import { validateFieldGroup } from '../../engine/validate-field-group.ts';
import { validateTypes } from '../../engine/validate-types.ts';
import { schemaSet } from '../../schemas/schema-set.ts';
import { compiled, contexts, exampleWith } from './schema-test-kit.ts';

const feet = fc.integer({ min: -200, max: 2000 });

describe('computed elevation differences (feet)', () => {
  it('subtracts when both inputs are numbers, else null', () => {
    fc.assert(
      fc.property(feet, feet, feet, feet, (elevation, bfe, bottomFloor, grade) => {
        const doc = {
          elevation,
          bfe_elevation: bfe,
          top_of_bottom_floor: bottomFloor,
          lowest_adjacent_grade: grade,
        };
        const out = computeFields(compiled, doc, contexts.primary);
        expect(out.elevation_difference).toBe(elevation - bfe);
        expect(out.elevation_difference_from_ground).toBe(bottomFloor - grade);
        expect(out.elevation_difference_from_bfe).toBe(bottomFloor - bfe);
      }),
    );
    const missing = computeFields(compiled, { elevation: 9 }, contexts.primary);
    expect(missing.elevation_difference).toBeNull();
    expect(missing.elevation_difference_from_ground).toBeNull();
  });
});

describe('address-only check (SPEC §5)', () => {
  it('covers address1, city, state, zip, lat, lng', () => {
    expect(schemaSet.field_groups['address-only']).toEqual([
      'address1',
      'city',
      'state',
      'zip',
      'lat',
      'lng',
    ]);
    const doc = exampleWith('primary', {
      city: undefined,
      lat: undefined,
      phone: undefined,
      flood_zone: undefined,
    });
    expect(validateFieldGroup(compiled, 'address-only', doc, contexts.primary).map((m) => m.field)).toEqual([
      'city',
      'lat',
    ]);
    expect(validateFieldGroup(compiled, 'address-only', exampleWith('primary'), contexts.primary)).toEqual(
      [],
    );
  });
});

describe('draft type check', () => {
  it('checks options and types of present fields only', () => {
    expect(validateTypes(compiled, {})).toEqual([]);
    expect(validateTypes(compiled, { flood_zone: 'AE', state: 'PR', deductible: 25000 })).toEqual([]);
    const bad = validateTypes(compiled, { flood_zone: 'Z', deductible: 3000, sqft: 'many', surprise: 1 });
    expect(bad.map((m) => m.field)).toEqual(
      expect.arrayContaining(['flood_zone', 'deductible', 'sqft', 'surprise']),
    );
    expect(bad.find((m) => m.field === 'surprise')?.rule_id).toBe('unknown-field');
  });
});
