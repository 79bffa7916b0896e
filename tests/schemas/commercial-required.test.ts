import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formFor } from '../../engine/form-for.ts';
import { isApplicable } from '../../engine/is-applicable.ts';
import { isRequired } from '../../engine/is-required.ts';
import type { Doc } from '../../engine/types.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import { compiled, contexts, exampleWith } from './schema-test-kit.ts';

const ctx = contexts.commercial;

/** SPEC §5 "Commercial fields required where applicable", each phrase mapped to its fields. */
const REQUIRED_WHERE_APPLICABLE: Record<string, string[]> = {
  'building type': ['commercial_building_type'],
  'contents type and location': ['contents_type', 'contents_location'],
  'mailing address parts when different': [
    'mailing_address1',
    'mailing_city',
    'mailing_state',
    'mailing_zip',
  ],
  'building use': ['commercial_building_use'],
  'residential use': ['residential_use'],
  'elevator equipment location': ['elevator_equipment_location'],
  'operations description': ['operations_description'],
  'below-grade value': ['machinery_below_grade_value'],
  'prior coverage type': ['prior_coverage_type'],
  'prior-loss sub-fields': [
    'prior_loss_claim_status',
    'prior_loss_date',
    'prior_loss_amount',
    'prior_loss_description',
    'prior_loss_improvement',
  ],
  'river distance and name': ['river_distance', 'closest_river'],
  'construction storage and duration': ['construction_storage', 'construction_duration'],
  'elevator count': ['underwriting_elevator_count'],
};
const ALL_REQUIRED = Object.values(REQUIRED_WHERE_APPLICABLE).flat();

/** The commercial example with every conditional field made applicable and filled. */
const everythingApplies: Doc = exampleWith('commercial', {
  commercial_building_type: 'Office',
  commercial_building_use: 'Office',
  foundation_type: 'Basement',
  basement_type: 'Full',
  machinery_below_grade: 'Yes',
  machinery_below_grade_value: 45_000,
  underwriting_prior_flood_loss: 'Yes',
  prior_loss_claim_status: 'Closed',
  prior_loss_date: '2022-09-28',
  prior_loss_amount: 84_000,
  prior_loss_description: 'Hurricane Ian storm surge, 14 inches of water on the ground floor.',
  prior_loss_improvement: 'Flood vents added and electrical panels raised to 4 feet.',
  underwriting_river_within_5_miles: 'Yes',
  river_distance: 3.5,
  closest_river: 'Hillsborough River',
  underwriting_under_construction: 'Yes',
  construction_storage: 'Materials kept in a locked container on the second floor.',
  construction_duration: 6,
});

const required = (field: string) => `${compiled.properties[field].title} is required`;
const formOrder = formFor(compiled, ctx).sections.flatMap((section) => section.fields);

describe('SPEC §5 commercial fields required where applicable', () => {
  it('starts from a document where every conditional field applies and validates clean', () => {
    for (const field of ALL_REQUIRED) {
      expect(isApplicable(compiled, field, everythingApplies, ctx), field).toBe(true);
      expect(isRequired(compiled, field, everythingApplies, ctx), field).toBe(true);
    }
    expect(validateDocument(compiled, everythingApplies, ctx)).toEqual([]);
  });

  it.each(ALL_REQUIRED)('%s left empty gives its one required message', (field) => {
    for (const empty of [undefined, '', '   ', null]) {
      const doc = { ...everythingApplies, [field]: empty };
      expect(validateDocument(compiled, doc, ctx).map((m) => [m.field, m.rule_id, m.message])).toEqual([
        [field, `required:${field}`, required(field)],
      ]);
    }
  });

  it('names the fields in its messages as the agent reads them', () => {
    const without = (field: string) =>
      validateDocument(compiled, { ...everythingApplies, [field]: undefined }, ctx)[0]?.message;
    expect(without('commercial_building_type')).toBe('Commercial Building Type is required');
    expect(without('operations_description')).toBe('Operations Description is required');
    expect(without('machinery_below_grade_value')).toBe('Machinery Below Grade Value is required');
    expect(without('elevator_equipment_location')).toBe('Elevator Equipment Location is required');
    expect(without('underwriting_elevator_count')).toBe('Elevator Count is required');
  });

  it('reports exactly the emptied required fields, in form order (property)', () => {
    fc.assert(
      fc.property(fc.subarray(ALL_REQUIRED), (emptied) => {
        const doc = { ...everythingApplies };
        for (const field of emptied) delete doc[field];
        const expected = formOrder.filter((field) => emptied.includes(field));
        expect(validateDocument(compiled, doc, ctx).map((m) => m.field)).toEqual(expected);
        expect(validateDocument(compiled, doc, ctx).map((m) => m.message)).toEqual(expected.map(required));
      }),
      { numRuns: 120 },
    );
  });

  it('keeps the optional commercial money fields optional but type-checked', () => {
    for (const field of ['annual_business_income', 'business_income_limit', 'parking']) {
      expect(isRequired(compiled, field, everythingApplies, ctx), field).toBe(false);
      expect(validateDocument(compiled, { ...everythingApplies, [field]: undefined }, ctx)).toEqual([]);
    }
    expect(
      validateDocument(compiled, { ...everythingApplies, annual_business_income: -1 }, ctx).map(
        (m) => m.message,
      ),
    ).toEqual(['Annual Business Income must be at least $0']);
  });
});
