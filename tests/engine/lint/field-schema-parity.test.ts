/**
 * The studio (the browser's interpreting validator) and the server (Ajv) refuse the same draft
 * field schemas for the same reasons: the lint of a set whose field carries a generated schema is
 * the same list of problems both ways. Issue 44, ADR 747.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintSchemaSet } from '../../../engine/lint/lint-schema-set.ts';
import type { JsonSchema } from '../../../engine/types.ts';
import { basicSet } from '../fixtures/basic-set.ts';

/** Keywords neither side may skip unread: the browser does not interpret them. */
const UNINTERPRETED: JsonSchema[] = [
  { $ref: '#' },
  { prefixItems: [{ type: 'string' }] },
  { unevaluatedProperties: false },
  { patternProperties: { '^a': { type: 'string' } } },
  { dependentRequired: { a: ['b'] } },
  { contains: { type: 'number' } },
  { $dynamicRef: '#node' },
];

/** Field schemas of interpreted keywords (some malformed), with uninterpreted ones at any depth. */
const fieldSchema: fc.Arbitrary<JsonSchema> = fc.letrec<{ node: JsonSchema }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record(
      {
        type: fc.constantFrom<JsonSchema['type']>(
          'string',
          'number',
          'integer',
          'boolean',
          'object',
          'array',
          ['string', 'null'],
        ),
        minimum: fc.integer({ min: -5, max: 5 }),
        maxLength: fc.constantFrom(3, -1),
        pattern: fc.constantFrom('^[a-z]+$', '('),
        format: fc.constantFrom('email', 'date', 'colour', 'toString'),
        enum: fc.constantFrom([], ['a', 1], [null]),
        title: fc.constant('A field'),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom(...UNINTERPRETED),
    fc.record({ properties: fc.record({ a: tie('node') }) }),
    fc.record({ type: fc.constant('array'), items: tie('node') }),
    fc.record({ anyOf: fc.tuple(tie('node'), tie('node')) }),
    fc.record({ not: tie('node') }),
    fc.record({ allOf: fc.tuple(tie('node')) }),
  ),
})).node;

/** The basic set with its `count` field's schema replaced. */
function setWithCount(schema: JsonSchema) {
  const set = basicSet();
  for (const section of set.schemas) {
    const properties = section.properties as Record<string, JsonSchema> | undefined;
    if (properties?.count) properties.count = { title: 'Count', ...schema };
  }
  return set;
}

describe('draft field schemas: studio and server lint alike', () => {
  it('refuses the same field schemas with the same problems, whichever validator compiles them', () => {
    fc.assert(
      fc.property(fieldSchema, (schema) => {
        const set = setWithCount(schema);
        const onServer = lintSchemaSet(set);
        const inBrowser = lintSchemaSet(set, { precompiled: {} });
        expect(inBrowser).toEqual(onServer);
      }),
      { numRuns: 80, seed: 44 },
    );
  });

  it('names the field and the nested keyword the browser cannot check', () => {
    const problems = lintSchemaSet(
      setWithCount({ type: 'object', properties: { a: { unevaluatedProperties: false } } }),
    );
    expect(problems).toContainEqual({
      path: ['schemas', 2, 'properties', 'count'],
      kind: 'uninterpretable-schema',
      message:
        'the schema of "count" cannot be checked in the browser: #/properties/a: keyword "unevaluatedProperties" is unknown or has no validator without code generation',
    });
  });
});
