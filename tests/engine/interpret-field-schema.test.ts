import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchemaSet, createAjv, validatorKey } from '../../engine/compile-schema-set.ts';
import type { FieldValidator } from '../../engine/field-validator.ts';
import { valueArbitrary } from '../../engine/harness/value-arbitrary.ts';
import { interpretedValidator } from '../../engine/interpret-field-schema.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { schemaSet } from '../../schemas/schema-set.ts';
import { basicSet } from './fixtures/basic-set.ts';

/** Schemas made to exercise every keyword the interpreter knows, and Ajv's order between them. */
const KEYWORD_SCHEMAS: JsonSchema[] = [
  { type: 'integer', minimum: 1, maximum: 10, multipleOf: 2 },
  { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 5 },
  { type: 'number', multipleOf: 0.01, minimum: 0 },
  { type: ['string', 'null'], minLength: 2, maxLength: 4, pattern: '^[a-z]+$' },
  { type: 'string', format: 'email' },
  { type: 'string', format: 'date', maxLength: 10 },
  { format: 'date' },
  { type: 'array', items: { enum: ['a', 'b'] }, minItems: 1, maxItems: 2, uniqueItems: true },
  { type: 'array', items: { type: 'object', properties: { a: { type: 'integer', minimum: 0 } } } },
  {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'string', minLength: 1 } },
    required: ['a'],
    additionalProperties: false,
    minProperties: 1,
    maxProperties: 2,
  },
  { type: 'object', additionalProperties: { type: 'string' } },
  { oneOf: [{ const: 1 }, { const: 2 }, { type: 'integer' }] },
  {
    type: 'number',
    oneOf: [
      { const: 1000, title: '$1,000' },
      { const: 5000, title: '$5,000' },
    ],
  },
  { anyOf: [{ type: 'string' }, { type: 'number', minimum: 3 }] },
  { type: 'number', allOf: [{ minimum: 1 }, { maximum: 5 }] },
  { not: { const: 'x' } },
  // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable.
  { type: 'number', if: { minimum: 10 }, then: { multipleOf: 5 }, else: { maximum: 3 } },
  { enum: [1, 'a', null, { x: 1 }, [1]] },
  { type: 'number', enum: [1, 2, 'z'], minimum: 2 },
  { type: 'string', const: 'yes' },
  { type: 'boolean' },
  { type: ['integer', 'boolean'] },
];

/** JSON-ish values of every kind, near the bounds above, plus what a form can hold (NaN, -0). */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.integer({ min: -20, max: 20 }),
  fc.double(),
  fc.constantFrom(1000, 5000, 2.5, 0.1 + 0.2, -0, Number.NaN, 1e21),
  fc.constantFrom(
    '',
    'a',
    'ab',
    'abcde',
    'AB',
    'x',
    'yes',
    'a@b.co',
    'no@',
    '2024-02-28',
    '2024-02-30',
    '💥💥',
  ),
  fc.array(fc.constantFrom('a', 'b', 'c', 1, { a: -1 }, { a: 2 }), { maxLength: 3 }),
  fc.record(
    { a: fc.oneof(fc.integer(), fc.string()), b: fc.string(), c: fc.boolean() },
    { requiredKeys: [] },
  ),
);

/** What a caller reads of a verdict: pass or fail, and the first error's keyword and paths. */
function verdict(validator: FieldValidator, value: unknown) {
  if (validator(value)) return 'valid';
  const first = validator.errors?.[0];
  return { keyword: first?.keyword, schemaPath: first?.schemaPath, instancePath: first?.instancePath };
}

function expectLikeAjv(schema: JsonSchema, values: fc.Arbitrary<unknown>) {
  const ajv = createAjv([schema]).compile(schema);
  const interpreted = interpretedValidator(schema);
  fc.assert(
    fc.property(values, (value) => {
      expect(verdict(interpreted, value), JSON.stringify(value)).toEqual(verdict(ajv, value));
    }),
    { numRuns: 300, seed: 18 },
  );
}

describe('interpretedValidator', () => {
  it('answers like Ajv for every field schema of schemas/, on values drawn from it and of any kind', () => {
    const { properties } = compileSchemaSet(schemaSet);
    const schemas = new Map(Object.values(properties).map((schema) => [validatorKey(schema), schema]));
    expect(schemas.size).toBeGreaterThan(40);
    for (const [key, schema] of schemas) {
      expectLikeAjv(JSON.parse(key), fc.oneof(valueArbitrary(schema, []), anyValue));
    }
  });

  it('answers like Ajv for every keyword it interprets, in Ajv order', () => {
    for (const schema of KEYWORD_SCHEMAS) expectLikeAjv(schema, anyValue);
  });

  it('refuses keywords it does not interpret and malformed ones, naming them', () => {
    expect(() => interpretedValidator({ type: 'number', minimun: 1 })).toThrow(/"minimun"/);
    expect(() => interpretedValidator({ prefixItems: [{ type: 'string' }] })).toThrow(/"prefixItems"/);
    expect(() => interpretedValidator({ $ref: '#/x' })).toThrow(/"\$ref"/);
    expect(() => interpretedValidator({ minimum: '1' })).toThrow(/minimum must be a number/);
    expect(() => interpretedValidator({ type: 'text' })).toThrow(/unknown type "text"/);
    expect(() => interpretedValidator({ format: 'colour' })).toThrow(/unknown format "colour"/);
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable.
    expect(() => interpretedValidator({ then: { minimum: 1 } })).toThrow(/"if"/);
    expect(() => interpretedValidator({ pattern: '(' })).toThrow();
  });
});

describe('compileSchemaSet with precompiled validators', () => {
  it('takes a field validator from the map by its key and interprets the others', () => {
    const set = basicSet();
    const byAjv = compileSchemaSet(set);
    const mine: FieldValidator = () => true;
    const key = validatorKey(byAjv.properties.count);
    const compiled = compileSchemaSet(set, { precompiled: { [key]: mine } });
    expect(compiled.validators.count).toBe(mine);
    expect(compiled.validators.note_text).not.toBe(mine);
    expect(compiled.validators.note_text('x'.repeat(21))).toBe(false);
    expect(compiled.validators.note_text.errors?.[0].keyword).toBe('maxLength');
  });

  it('generates no code: it compiles the set while eval is forbidden, as under the portal CSP', () => {
    const original = globalThis.Function;
    globalThis.Function = function forbidden() {
      throw new EvalError('Evaluating a string as JavaScript violates the Content Security Policy');
    } as unknown as FunctionConstructor;
    try {
      const compiled = compileSchemaSet(schemaSet, { precompiled: {} });
      expect(compiled.fields.length).toBeGreaterThan(100);
      // Ajv's compile is what the CSP stops.
      expect(() => compileSchemaSet(basicSet())).toThrow(/Content Security Policy/);
    } finally {
      globalThis.Function = original;
    }
  });

  it('names the field whose schema the browser cannot interpret', () => {
    const set = basicSet();
    const withCount = set.schemas.find((schema) =>
      JSON.stringify(schema.properties ?? {}).includes('"count"'),
    );
    const count = (withCount?.properties as Record<string, JsonSchema> | undefined)?.count;
    if (!count) throw new Error('the basic set has no count field');
    count.prefixItems = [{ type: 'string' }];
    expect(() => compileSchemaSet(set, { precompiled: {} })).toThrow(/field "count".*"prefixItems"/);
  });
});
