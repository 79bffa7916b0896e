import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isApplicable } from '../../engine/is-applicable.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import { compiled, contexts, exampleWith } from './schema-test-kit.ts';

const ctx = contexts.commercial;

const BUILDING_TYPES = compiled.properties.commercial_building_type.enum as string[];
const YES_NO = fc.constantFrom('Yes', 'No');

/** Every field SPEC §5 removes conditionally on a commercial form, with the condition it needs. */
const CONDITIONAL = [
  'commercial_building_use',
  'mailing_address1',
  'mailing_city',
  'mailing_state',
  'mailing_zip',
  'elevator_equipment_location',
  'basement_type',
  'machinery_below_grade_value',
  'prior_loss_claim_status',
  'prior_loss_date',
  'prior_loss_amount',
  'prior_loss_description',
  'prior_loss_improvement',
  'river_distance',
  'closest_river',
  'construction_storage',
  'construction_duration',
  'underwriting_elevator_count',
];

const situation = fc.record({
  commercial_building_type: fc.constantFrom(...BUILDING_TYPES),
  is_mailing_address_same: fc.boolean(),
  num_of_stories: fc.integer({ min: 1, max: 100 }),
  elevators_number: fc.integer({ min: 0, max: 10 }),
  foundation_type: fc.constantFrom('Slab', 'Basement', 'Crawlspace', 'Elevated'),
  machinery_below_grade: YES_NO,
  underwriting_prior_flood_loss: YES_NO,
  underwriting_river_within_5_miles: YES_NO,
  underwriting_under_construction: YES_NO,
  underwriting_elevator: YES_NO,
});
type Situation = typeof situation extends fc.Arbitrary<infer T> ? T : never;

/** The spec's conditions, written independently of schemas/rules/applicability.json. */
function expectedApplicable(s: Situation): Set<string> {
  const applies = new Set<string>();
  if (!['Mixed Used', 'Main Street'].includes(s.commercial_building_type))
    applies.add('commercial_building_use');
  if (!s.is_mailing_address_same)
    for (const f of ['mailing_address1', 'mailing_city', 'mailing_state', 'mailing_zip']) applies.add(f);
  if (s.num_of_stories > 1 && s.elevators_number >= 1) applies.add('elevator_equipment_location');
  if (s.foundation_type === 'Basement') applies.add('basement_type');
  if (s.foundation_type === 'Basement' && s.machinery_below_grade === 'Yes')
    applies.add('machinery_below_grade_value');
  if (s.underwriting_prior_flood_loss === 'Yes')
    for (const f of CONDITIONAL.filter((f) => f.startsWith('prior_loss_'))) applies.add(f);
  if (s.underwriting_river_within_5_miles === 'Yes')
    for (const f of ['river_distance', 'closest_river']) applies.add(f);
  if (s.underwriting_under_construction === 'Yes')
    for (const f of ['construction_storage', 'construction_duration']) applies.add(f);
  if (s.underwriting_elevator === 'Yes') applies.add('underwriting_elevator_count');
  return applies;
}

describe('SPEC §5 commercial conditional removal', () => {
  it('applies each conditional field iff its condition holds, and requires exactly those (property)', () => {
    fc.assert(
      fc.property(situation, (s) => {
        const cleared = Object.fromEntries(CONDITIONAL.map((f) => [f, undefined]));
        const doc = exampleWith('commercial', { ...cleared, ...s });
        const expected = expectedApplicable(s);
        for (const field of CONDITIONAL) {
          expect(isApplicable(compiled, field, doc, ctx), field).toBe(expected.has(field));
        }
        const failing = validateDocument(compiled, doc, ctx).map((m) => m.field);
        expect(new Set(failing)).toEqual(expected);
        expect(failing).toHaveLength(expected.size);
      }),
      { numRuns: 300 },
    );
  });

  it('drops building use for Mixed Used and Main Street only', () => {
    for (const type of BUILDING_TYPES) {
      const doc = exampleWith('commercial', {
        commercial_building_type: type,
        commercial_building_use: undefined,
      });
      const dropped = type === 'Mixed Used' || type === 'Main Street';
      expect(isApplicable(compiled, 'commercial_building_use', doc, ctx), type).toBe(!dropped);
      expect(
        validateDocument(compiled, doc, ctx).map((m) => m.message),
        type,
      ).toEqual(dropped ? [] : ['Commercial Building Use is required']);
    }
  });

  it('asks the elevator equipment location only above one story with an elevator', () => {
    const at = (num_of_stories: number, elevators_number: number) =>
      isApplicable(compiled, 'elevator_equipment_location', { num_of_stories, elevators_number }, ctx);
    expect([at(1, 0), at(1, 1), at(1, 10), at(2, 0), at(2, 1), at(100, 10)]).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('asks the below-grade value only for a basement with machinery below grade', () => {
    const at = (foundation_type: string, machinery_below_grade: string) =>
      isApplicable(compiled, 'machinery_below_grade_value', { foundation_type, machinery_below_grade }, ctx);
    expect([at('Basement', 'Yes'), at('Basement', 'No'), at('Slab', 'Yes'), at('Elevated', 'Yes')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('keeps the data of a removed field but runs none of its rules', () => {
    const doc = exampleWith('commercial', {
      underwriting_river_within_5_miles: 'No',
      river_distance: 40,
      closest_river: '',
      machinery_below_grade: 'No',
      machinery_below_grade_value: 7,
    });
    expect(validateDocument(compiled, doc, ctx)).toEqual([]);
    expect(doc.river_distance).toBe(40);
  });

  it('shows the commercial-only fields on no other product form', () => {
    for (const name of ['primary', 'excess', 'mobile', 'home'] as const) {
      const doc = exampleWith(name, { commercial_building_type: 'Office', underwriting_elevator: 'Yes' });
      for (const field of [
        'commercial_building_type',
        'operations_description',
        'underwriting_opa',
        'units',
      ]) {
        expect(isApplicable(compiled, field, doc, contexts[name]), `${name} ${field}`).toBe(false);
      }
    }
  });
});
