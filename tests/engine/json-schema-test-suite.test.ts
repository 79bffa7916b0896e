/**
 * The browser's draft validator (engine/interpret-field-schema.ts) held to the official JSON Schema
 * Test Suite (json-schema-org/JSON-Schema-Test-Suite, tests/draft2020-12 and its optional formats,
 * vendored with its licence under tests/fixtures/json-schema-test-suite), beside the engine's Ajv
 * 2020 with the product's options (createAjv). Issue 44, ADR 747.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../engine/compile-schema-set.ts';
import type { FieldValidator } from '../../engine/field-validator.ts';
import { interpretedValidator } from '../../engine/interpret-field-schema.ts';
import type { JsonSchema } from '../../engine/types.ts';

const SUITE = join(import.meta.dirname, '..', 'fixtures', 'json-schema-test-suite', 'draft2020-12');

interface SuiteGroup {
  description: string;
  schema: JsonSchema;
  tests: { description: string; data: unknown; valid: boolean }[];
}

/** Every group of the suite, with its file relative to draft2020-12/. */
function suiteGroups(): { file: string; group: SuiteGroup }[] {
  const files = [
    ...readdirSync(SUITE).filter((name) => name.endsWith('.json')),
    ...readdirSync(join(SUITE, 'optional', 'format')).map((name) => `optional/format/${name}`),
  ];
  return files.flatMap((file) =>
    (JSON.parse(readFileSync(join(SUITE, file), 'utf8')) as SuiteGroup[]).map((group) => ({ file, group })),
  );
}

/**
 * Where the browser's verdict deliberately differs from Ajv's: `{"__proto__": "foo"}` parsed from
 * JSON has an own property `__proto__`, which the interpreter checks against `properties.__proto__`
 * (the suite's answer) while Ajv's generated code reads the prototype there.
 */
const DIFFERENT_FROM_AJV = [
  'properties.json | properties whose names are Javascript object property names | __proto__ not valid',
];

/**
 * Where both validators answer other than the suite, by file and group, with the number of cases:
 * the product asserts formats (format.json expects them as annotations only), and ajv-formats'
 * full formats judge some optional format cases otherwise than the suite (the same answer in both
 * validators, so the studio and the server agree).
 */
const DIFFERENT_FROM_SUITE: Record<string, number> = {
  'format.json | email format': 1,
  'format.json | regex format': 1,
  'format.json | ipv4 format': 1,
  'format.json | ipv6 format': 1,
  'format.json | hostname format': 1,
  'format.json | date format': 1,
  'format.json | date-time format': 1,
  'format.json | time format': 1,
  'format.json | json-pointer format': 1,
  'format.json | relative-json-pointer format': 1,
  'format.json | uri format': 1,
  'format.json | uri-reference format': 1,
  'format.json | uri-template format': 1,
  'format.json | uuid format': 1,
  'format.json | duration format': 1,
  'optional/format/date-time.json | validation of date-time strings': 3,
  'optional/format/duration.json | validation of duration strings': 2,
  'optional/format/ecmascript-regex.json | \\a is not an ECMA 262 control escape': 1,
  'optional/format/email.json | validation of e-mail addresses': 5,
  'optional/format/hostname.json | validation of host names': 1,
  'optional/format/hostname.json | validation of A-label (punycode) host names': 23,
  'optional/format/uri-reference.json | validation of URI References': 6,
  'optional/format/uri-template.json | format: uri-template': 3,
  'optional/format/uri.json | validation of URIs': 3,
  'optional/format/uuid.json | uuid format': 1,
};

function verdict(validate: FieldValidator, data: unknown): boolean | 'throws' {
  try {
    return validate(data);
  } catch {
    return 'throws';
  }
}

describe('the browser draft validator on the official JSON Schema Test Suite (draft 2020-12)', () => {
  const groups = suiteGroups();
  const accepted = groups.flatMap(({ file, group }) => {
    try {
      return [{ file, group, interpreted: interpretedValidator(group.schema) }];
    } catch {
      return [];
    }
  });

  it('interprets most of the suite and refuses the rest', () => {
    const cases = (list: { group: SuiteGroup }[]) => list.reduce((n, { group }) => n + group.tests.length, 0);
    expect(cases(groups)).toBeGreaterThan(2000);
    expect(cases(accepted)).toBeGreaterThan(1200);
  });

  it('accepts only schemas Ajv accepts, and answers as Ajv on every case of them', () => {
    const differences: string[] = [];
    // One Ajv for the run (building one per group took 14 s): each schema removed after its cases.
    const engineAjv = createAjv([]);
    for (const { file, group, interpreted } of accepted) {
      const ajv = engineAjv.compile(group.schema);
      for (const test of group.tests) {
        if (verdict(interpreted, test.data) !== verdict(ajv, test.data)) {
          differences.push(`${file} | ${group.description} | ${test.description}`);
        }
      }
      if (typeof group.schema === 'object') engineAjv.removeSchema(group.schema);
    }
    expect(differences).toEqual(DIFFERENT_FROM_AJV);
  });

  it('answers as the suite except where the product deliberately differs, listed by name', () => {
    const deviations: Record<string, number> = {};
    for (const { file, group, interpreted } of accepted) {
      for (const test of group.tests) {
        if (verdict(interpreted, test.data) === test.valid) continue;
        const name = `${file} | ${group.description}`;
        deviations[name] = (deviations[name] ?? 0) + 1;
      }
    }
    expect(deviations).toEqual(DIFFERENT_FROM_SUITE);
  });

  it('refuses a keyword it does not interpret at any depth, naming its path', () => {
    const nested = { properties: { foo: { $ref: '#' } }, additionalProperties: false };
    expect(() => interpretedValidator(nested)).toThrow('#/properties/foo: keyword "$ref"');
    expect(() => interpretedValidator({ anyOf: [{ unevaluatedProperties: false }] })).toThrow(
      '#/anyOf/0: keyword "unevaluatedProperties"',
    );
    expect(() => interpretedValidator({ items: { $dynamicRef: '#items' } })).toThrow(
      '#/items: keyword "$dynamicRef"',
    );
    expect(() => interpretedValidator({ enum: [] })).toThrow('#/enum must list at least one value');
    expect(() => interpretedValidator({ $schema: 'http://json-schema.org/draft-07/schema#' })).toThrow(
      '#/$schema: only https://json-schema.org/draft/2020-12/schema is interpreted',
    );
  });

  it('never reads the prototype chain: inherited names are not present properties', () => {
    const required = interpretedValidator({ required: ['constructor', 'toString'] });
    expect(required({})).toBe(false);
    expect(required.errors?.[0]).toMatchObject({
      keyword: 'required',
      params: { missingProperty: 'constructor' },
    });
    expect(interpretedValidator({ properties: { constructor: { type: 'number' } } })({})).toBe(true);
    expect(() => interpretedValidator({ format: 'toString' })).toThrow('unknown format "toString"');
  });
});
