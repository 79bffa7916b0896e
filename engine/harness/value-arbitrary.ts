import fc from 'fast-check';
import { optionsOf, typesOf } from '../lint/lint-context.ts';
import type { JsonSchema } from '../types.ts';

/** Values that are empty or of the wrong type, which any field may be given. */
const EDGE_VALUES: unknown[] = [null, undefined, '', '   ', 'text', -1, 0, true, []];

/**
 * Values for one field, drawn from its full JSON Schema: options of a closed list; numbers within
 * minimum/maximum (exclusive too) on multipleOf; strings within minLength/maxLength or matching its
 * pattern; ISO dates for `format: date`, e-mail addresses for `format: email`; yes/no; subsets of
 * an array's options. Mixed with `mined` values (the literals the rules compare it with, ±1, and
 * the example documents' values) and edge values (empty, wrong type), so rule thresholds are hit.
 * Issue 10, rule harness.
 */
export function valueArbitrary(schema: JsonSchema, mined: unknown[]): fc.Arbitrary<unknown> {
  const parts: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: typedArbitrary(schema), weight: 3 }];
  if (mined.length > 0) parts.push({ arbitrary: fc.constantFrom(...mined), weight: 3 });
  parts.push({ arbitrary: fc.constantFrom(...EDGE_VALUES), weight: 1 });
  return fc.oneof(...parts);
}

function typedArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options = optionsOf(schema);
  if (schema.type === 'array') return options && options.length > 0 ? fc.subarray(options) : fc.constant([]);
  if (options && options.length > 0) return fc.constantFrom(...options);
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) {
    const min = numberOr(schema.minimum, numberOr(schema.exclusiveMinimum, -1000, 1), 0);
    const max = numberOr(schema.maximum, numberOr(schema.exclusiveMaximum, 1_000_000, -1), 0);
    const step =
      typeof schema.multipleOf === 'number' ? schema.multipleOf : types.includes('integer') ? 1 : 0;
    if (step > 0) {
      const low = Math.ceil(min / step);
      const high = Math.max(low, Math.floor(max / step));
      return fc.integer({ min: low, max: high }).map((n) => n * step);
    }
    return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  }
  if (types.includes('boolean')) return fc.boolean();
  if (schema.format === 'date') {
    return fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u'));
    } catch {
      // An invalid pattern is the type check's (and the lint's) concern; generate plain text.
    }
  }
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(minLength, 20);
  return fc.string({ minLength, maxLength });
}

function numberOr(value: unknown, fallback: number, shift: number): number {
  return typeof value === 'number' ? value + shift : fallback;
}
