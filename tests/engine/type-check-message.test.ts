import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { typeCheckMessage } from '../../engine/type-check-message.ts';
import { basicSet } from './fixtures/basic-set.ts';

describe('typeCheckMessage', () => {
  it('falls back to invalid, then fallback, when a library message is missing', () => {
    const set = basicSet();
    delete set.messages.invalid_option;
    delete set.messages.invalid;
    const sparse = compileSchemaSet(set);
    const validator = sparse.validators.kind;
    expect(validator('z')).toBe(false);
    expect(typeCheckMessage(sparse, 'kind', 'z', validator.errors?.[0]).message).toBe('invalid data');
  });

  it('uses between when both bounds exist, with money bounds as currency', () => {
    const set = basicSet();
    (set.schemas[3].properties as Record<string, Record<string, unknown>>).limit.maximum = 100000;
    const bounded = compileSchemaSet(set);
    const validator = bounded.validators.limit;
    expect(validator(200000)).toBe(false);
    expect(typeCheckMessage(bounded, 'limit', 200000, validator.errors?.[0]).message).toBe(
      'Limit must be between $0 and $100,000',
    );
  });

  it("uses the field's x-messages key for its check, and the library message for the others", () => {
    const set = basicSet();
    set.messages.cost_in_dollars = '{label} is a dollar amount';
    (set.schemas[3].properties as Record<string, Record<string, unknown>>).cost['x-messages'] = {
      numeric: 'cost_in_dollars',
    };
    const overridden = compileSchemaSet(set);
    const cost = overridden.validators.cost;
    expect(cost('lots')).toBe(false);
    expect(typeCheckMessage(overridden, 'cost', 'lots', cost.errors?.[0]).message).toBe(
      'Cost is a dollar amount',
    );
    const limit = overridden.validators.limit;
    expect(limit('lots')).toBe(false);
    expect(typeCheckMessage(overridden, 'limit', 'lots', limit.errors?.[0]).message).toBe(
      'Limit must be numeric',
    );
  });
});
