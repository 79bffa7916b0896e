import { describe, expect, it } from 'vitest';
import { computeFields } from '../../engine/compute-fields.ts';
import { evaluateOutcomes } from '../../engine/evaluate-outcomes.ts';
import { formFor } from '../../engine/form-for.ts';
import { isApplicable } from '../../engine/is-applicable.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import { validateTypes } from '../../engine/validate-types.ts';
import { examples } from '../../schemas/schema-set.ts';
import { compiled, contexts, exampleNames } from './schema-test-kit.ts';

describe.each(exampleNames)('example %s', (name) => {
  const doc = examples[name];
  const ctx = contexts[name];

  it('validates clean and passes the type check', () => {
    expect(validateDocument(compiled, doc, ctx)).toEqual([]);
    expect(validateTypes(compiled, doc)).toEqual([]);
  });

  it('has no underwriting outcome', () => {
    expect(evaluateOutcomes(compiled, doc, ctx)).toEqual([]);
  });

  it('fills every applicable field of its form and nothing else', () => {
    const fields = formFor(compiled, ctx).sections.flatMap((s) => s.fields);
    const applicable = fields.filter((field) => isApplicable(compiled, field, doc, ctx));
    expect(applicable.filter((field) => doc[field] === undefined || doc[field] === '')).toEqual([]);
    expect(Object.keys(doc).filter((key) => !applicable.includes(key))).toEqual([]);
  });

  it('carries its computed values as the engine computes them', () => {
    const recomputed = computeFields(compiled, doc, ctx);
    for (const field of [
      'elevation_difference',
      'elevation_difference_from_ground',
      'elevation_difference_from_bfe',
    ]) {
      if (field in doc) expect(recomputed[field], field).toBe(doc[field]);
    }
  });
});

describe('examples', () => {
  it('describe the products they stand for', () => {
    expect(examples.primary).toMatchObject({
      city: 'Miami Beach',
      state: 'FL',
      zip: '33139',
      occupancy_type: 'Single Family',
    });
    expect(examples.excess.excess_building_limit).toBeGreaterThan(0);
    expect(examples.mobile.mobile_home_length).toBeGreaterThan(1);
    expect(examples.home.form_type).toBe('HO3');
  });
});
