import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isApplicable } from '../../engine/is-applicable.ts';
import { isRequired } from '../../engine/is-required.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import {
  compiled,
  contexts,
  type ExampleName,
  exampleNames,
  exampleWith,
  messagesOn,
} from './schema-test-kit.ts';

const MAILING = [
  'mailing_address1',
  'mailing_address2',
  'mailing_city',
  'mailing_state',
  'mailing_zip',
  'mailing_county',
];
const MAILING_REQUIRED = ['mailing_address1', 'mailing_city', 'mailing_state', 'mailing_zip'];
const CONDO = ['condo_unit_number', 'condo_floor', 'condo_first_floor', 'floors_in_building'];

describe('SPEC §5 conditional removal', () => {
  it('runs no rule when the status is not new', () => {
    for (const name of exampleNames) {
      for (const status of ['launched', 'completed']) {
        expect(validateDocument(compiled, {}, { ...contexts[name], status })).toEqual([]);
      }
      expect(validateDocument(compiled, {}, contexts[name]).length).toBeGreaterThan(0);
    }
  });

  it.each(exampleNames)(
    '%s: mailing fields apply and are required only when the mailing address differs',
    (name) => {
      fc.assert(
        fc.property(fc.constantFrom(true, false, undefined), (same) => {
          const doc = exampleWith(name, {
            is_mailing_address_same: same,
            ...Object.fromEntries(MAILING.map((f) => [f, undefined])),
          });
          for (const field of MAILING) {
            expect(isApplicable(compiled, field, doc, contexts[name]), field).toBe(same === false);
          }
          const failing = validateDocument(compiled, doc, contexts[name]).map((m) => m.field);
          const expected = same === undefined ? ['is_mailing_address_same'] : same ? [] : MAILING_REQUIRED;
          expect(failing).toEqual(expected);
        }),
      );
    },
  );

  it('keeps condo fields to non-commercial Condo Units', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<keyof typeof contexts>('primary', 'excess', 'mobile', 'commercial'),
        fc.constantFrom('Single Family', 'Condo Unit', 'Townhouse/Rowhouse', undefined),
        (name, occupancy) => {
          const doc = exampleWith('primary', { occupancy_type: occupancy });
          const expected = occupancy === 'Condo Unit' && (name === 'primary' || name === 'excess');
          for (const field of CONDO)
            expect(isApplicable(compiled, field, doc, contexts[name]), field).toBe(expected);
        },
      ),
    );
  });

  it('hides stairs leading to the front door for a Slab unless the condo is above floor 1', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Slab', 'Crawlspace', 'Basement', 'Elevated'),
        fc.boolean(),
        fc.integer({ min: 1, max: 150 }),
        (foundation, isCondo, floor) => {
          const doc = exampleWith('primary', {
            foundation_type: foundation,
            occupancy_type: isCondo ? 'Condo Unit' : 'Single Family',
            condo_floor: floor,
          });
          const expected = foundation !== 'Slab' || (isCondo && floor > 1);
          expect(isApplicable(compiled, 'stairs_leading_to_front_door', doc, contexts.primary)).toBe(
            expected,
          );
        },
      ),
    );
    const slab = exampleWith('primary', { foundation_type: 'Slab', stairs_leading_to_front_door: undefined });
    expect(messagesOn('primary', slab, 'stairs_leading_to_front_door')).toEqual([]);
    const raised = { ...slab, foundation_type: 'Crawlspace', crawlspace_vented: 'No' };
    expect(messagesOn('primary', raised, 'stairs_leading_to_front_door')).toEqual([
      'Stairs Leading To Front Door is required',
    ]);
  });

  it('asks for the business name only when Business Owned', () => {
    for (const name of exampleNames) {
      const individual = exampleWith(name, { owned_type: 'Individual Owned' });
      const business = exampleWith(name, { owned_type: 'Business Owned' });
      expect(isApplicable(compiled, 'business_name', individual, contexts[name])).toBe(false);
      expect(isApplicable(compiled, 'business_name', business, contexts[name])).toBe(true);
      expect(isRequired(compiled, 'business_name', business, contexts[name])).toBe(false);
    }
  });

  it('asks for the elevation certificate measurements only with a certificate', () => {
    const without = exampleWith('primary', { elevation_certificate: 'No' });
    const withIt = exampleWith('primary', { elevation_certificate: 'Yes' });
    for (const field of [
      'elevation_datum',
      'top_of_bottom_floor',
      'lowest_adjacent_grade',
      'highest_adjacent_grade',
    ]) {
      expect(isApplicable(compiled, field, without, contexts.primary), field).toBe(false);
      expect(isRequired(compiled, field, withIt, contexts.primary), field).toBe(true);
    }
    expect(isRequired(compiled, 'top_of_next_higher_floor', withIt, contexts.primary)).toBe(false);
  });

  it('asks garage, basement and crawlspace details only when they exist', () => {
    const ctx = contexts.primary;
    const noGarage = exampleWith('primary', { garage_present: 'No' });
    expect(
      ['garage_attached', 'garage_attached_finished', 'garage_finished'].map((f) =>
        isApplicable(compiled, f, noGarage, ctx),
      ),
    ).toEqual([false, false, false]);
    const detached = exampleWith('primary', { garage_present: 'Yes', garage_attached: 'No' });
    expect(isApplicable(compiled, 'garage_finished', detached, ctx)).toBe(true);
    expect(isApplicable(compiled, 'garage_attached_finished', detached, ctx)).toBe(false);
    const basement = exampleWith('primary', { foundation_type: 'Basement' });
    expect(
      ['basement_type', 'basement_finished', 'basement_content', 'crawlspace_vented'].map((f) =>
        isApplicable(compiled, f, basement, ctx),
      ),
    ).toEqual([true, true, true, false]);
  });

  it('removes fields by product: Excess has no deductible, Mobile no condo or construction type', () => {
    const doc = exampleWith('primary');
    const not = (name: ExampleName | 'commercial', field: string) =>
      isApplicable(compiled, field, doc, contexts[name]);
    expect(
      ['deductible', 'loss_of_use', 'other_structure', 'temporary_living_expense'].some((f) =>
        not('excess', f),
      ),
    ).toBe(false);
    expect(not('excess', 'excess_building_limit')).toBe(true);
    expect(not('primary', 'excess_building_limit')).toBe(false);
    expect(not('mobile', 'construction_type')).toBe(false);
    expect(not('mobile', 'mobile_home_length')).toBe(true);
    expect(not('primary', 'mobile_home_length')).toBe(false);
    expect(not('home', 'roof_year')).toBe(true);
    expect(not('primary', 'roof_year')).toBe(false);
    expect(not('home', 'flood_zone')).toBe(true);
    expect(not('home', 'deductible')).toBe(false);
  });

  it('applies the commercial elevator and below-grade conditions', () => {
    const ctx = contexts.commercial;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 10 }), (stories, elevators) => {
        const doc = { num_of_stories: stories, elevators_number: elevators };
        expect(isApplicable(compiled, 'elevator_equipment_location', doc, ctx)).toBe(
          stories > 1 && elevators >= 1,
        );
      }),
    );
    const basement = { foundation_type: 'Basement', machinery_below_grade: 'Yes' };
    expect(isApplicable(compiled, 'machinery_below_grade_value', basement, ctx)).toBe(true);
    expect(
      isApplicable(compiled, 'machinery_below_grade_value', { ...basement, foundation_type: 'Slab' }, ctx),
    ).toBe(false);
    expect(
      isApplicable(
        compiled,
        'machinery_below_grade_value',
        { ...basement, machinery_below_grade: 'No' },
        ctx,
      ),
    ).toBe(false);
  });
});
