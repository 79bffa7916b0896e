/**
 * explainMessage (issue 10 part 5): the rule a field's message comes from, every input it read, its
 * params and the branch that applied, on the product set; and, as a property, always the rule of the
 * field's first message.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainMessage } from '../../engine/explain-message.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import messageTexts from '../../schemas/messages.json' with { type: 'json' };
import { compiled, contexts, exampleNames, exampleWith } from '../schemas/schema-test-kit.ts';

describe('explainMessage', () => {
  it('traces a cross rule to its inputs, params and branch', () => {
    const doc = exampleWith('primary', {
      occupancy_type: 'Condo Unit',
      sqft: 1000,
      building_replacement_cost: 40000,
    });
    const explained = explainMessage(compiled, doc, contexts.primary, 'building_replacement_cost');
    expect(explained).toMatchObject({
      field: 'building_replacement_cost',
      rule_id: 'building-replacement-cost-minimum',
      check: 'rule',
      message_key: 'building_replacement_cost_minimum',
      message: messageTexts.building_replacement_cost_minimum.replace('{amount}', '$50,000'),
      params: { amount: 50000 },
    });
    // Every var the rule read, not only the field.
    expect(explained?.inputs).toMatchObject({
      'doc.building_replacement_cost': 40000,
      'doc.sqft': 1000,
      'doc.occupancy_type': 'Condo Unit',
      'ctx.product': 'Primary',
      'params.amount': 50000,
    });
    // The per-sqft rate is an `if`: the condo branch (the first condition) applied.
    expect(explained?.branches).toContainEqual(expect.objectContaining({ taken: 1, result: 50 }));
    const house = explainMessage(
      compiled,
      { ...doc, occupancy_type: 'Single Family', building_replacement_cost: 40000 },
      contexts.primary,
      'building_replacement_cost',
    );
    expect(house?.branches).toContainEqual(expect.objectContaining({ taken: 'else', result: 125 }));
  });

  it('explains a required and a type message, and answers null for a field without one', () => {
    const required = explainMessage(
      compiled,
      exampleWith('primary', { phone: '' }),
      contexts.primary,
      'phone',
    );
    expect(required).toMatchObject({
      rule_id: 'required:phone',
      check: 'required',
      inputs: { 'doc.phone': '' },
      params: {},
    });
    const typed = explainMessage(compiled, exampleWith('primary', { sqft: 'big' }), contexts.primary, 'sqft');
    expect(typed).toMatchObject({ rule_id: 'type:sqft', check: 'type', inputs: { 'doc.sqft': 'big' } });
    expect(explainMessage(compiled, exampleWith('primary'), contexts.primary, 'phone')).toBeNull();
  });

  it("always names the rule of the field's first message", () => {
    const fields = [
      'phone',
      'email',
      'sqft',
      'building_replacement_cost',
      'building_limit',
      'year_built',
      'condo_floor',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...exampleNames),
        fc.constantFrom(...fields),
        fc.oneof(
          fc.constant(null),
          fc.constant(''),
          fc.integer({ min: -10, max: 3_000_000 }),
          fc.string({ maxLength: 16 }),
        ),
        (name, field, value) => {
          const doc = exampleWith(name, { [field]: value });
          const first = validateDocument(compiled, doc, contexts[name]).find(
            (message) => message.field === field,
          );
          const explained = explainMessage(compiled, doc, contexts[name], field);
          expect(explained?.rule_id).toBe(first?.rule_id);
          if (explained) expect(explained.inputs[`doc.${field}`]).toEqual(value);
        },
      ),
    );
  });
});
