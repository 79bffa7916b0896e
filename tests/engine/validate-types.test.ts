import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import type { ValidationMessage } from '../../engine/types.ts';
import { validateTypes } from '../../engine/validate-types.ts';
import { basicSet, validMainDoc } from './fixtures/basic-set.ts';

const compiled = compileSchemaSet(basicSet());

describe('validateTypes', () => {
  it('accepts a valid document and any partial draft of it', () => {
    expect(validateTypes(compiled, validMainDoc())).toEqual([]);
    expect(validateTypes(compiled, { alpha: 'A' })).toEqual([]);
  });

  it('allows null, undefined and "" for every field, and runs no rules', () => {
    const doc = Object.fromEntries(compiled.fields.map((f, i) => [f, [null, '', undefined][i % 3]]));
    expect(validateTypes(compiled, doc)).toEqual([]);
    expect(validateTypes(compiled, { phone: '1', email: 'nope' })).toEqual([]);
  });

  it('reports type, option and format failures in document key order', () => {
    expect(
      validateTypes(compiled, { size: 3, count: 'x', start_date: 'soon' }).map((m) => [m.rule_id, m.message]),
    ).toEqual([
      ['type:size', 'Size must be one of the options'],
      ['type:count', 'Count must be numeric'],
      ['type:start_date', 'Start date is invalid'],
    ]);
  });

  it('reports a key the model does not have', () => {
    const expected: ValidationMessage[] = [
      { field: 'ghost', rule_id: 'unknown-field', message: 'Unknown field ghost', values: { ghost: 1 } },
      {
        field: 'constructor',
        rule_id: 'unknown-field',
        message: 'Unknown field constructor',
        values: { constructor: 2 },
      },
    ];
    expect(validateTypes(compiled, { ghost: 1, constructor: 2 })).toEqual(expected);
  });

  it('flags a number field holding a string, whatever the string (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (text) => {
        expect(validateTypes(compiled, { width: text }).map((m) => m.rule_id)).toEqual(['type:width']);
      }),
    );
  });
});
