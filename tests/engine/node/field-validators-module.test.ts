/**
 * The build's field validators (`virtual:field-validators`, made by vite.config.ts from schemas/ with
 * engine/node/field-validators-module.ts): the module this test imports is the one the portal
 * build bundles, generated from the files as they are now, so a field it lacks or answers
 * differently for fails here (ADR 511).
 */

import precompiled from 'virtual:field-validators';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchemaSet, validatorKey } from '../../../engine/compile-schema-set.ts';
import type { FieldValidator } from '../../../engine/field-validator.ts';
import { valueArbitrary } from '../../../engine/harness/value-arbitrary.ts';
import { fieldValidatorsModule } from '../../../engine/node/field-validators-module.ts';
import { schemaSet } from '../../../schemas/schema-set.ts';

function verdict(validator: FieldValidator, value: unknown) {
  if (validator(value)) return 'valid';
  const first = validator.errors?.[0];
  return { keyword: first?.keyword, schemaPath: first?.schemaPath, instancePath: first?.instancePath };
}

describe('the build-time field validators of schemas/', () => {
  const byAjv = compileSchemaSet(schemaSet);
  const built = compileSchemaSet(schemaSet, { precompiled });

  it('hold one standalone validator per distinct field schema, and every field takes one', () => {
    const keys = new Set(byAjv.fields.map((field) => validatorKey(byAjv.properties[field])));
    expect(Object.keys(precompiled).sort()).toEqual([...keys].sort());
    const standalone = new Set(Object.values(precompiled));
    for (const field of built.fields) expect(standalone.has(built.validators[field]), field).toBe(true);
  });

  it('answer like Ajv compiled at run time, on values drawn from each field schema', () => {
    for (const field of new Set(byAjv.fields)) {
      const schema = byAjv.properties[field];
      fc.assert(
        fc.property(fc.oneof(valueArbitrary(schema, []), fc.jsonValue({ maxDepth: 1 })), (value) => {
          expect(verdict(built.validators[field], value), `${field}: ${JSON.stringify(value)}`).toEqual(
            verdict(byAjv.validators[field], value),
          );
        }),
        { numRuns: 50, seed: 18 },
      );
    }
  });

  it('is an ES module with imports, no require()', () => {
    const source = fieldValidatorsModule(schemaSet);
    expect(source).not.toMatch(/\brequire\(/);
    expect(source).toMatch(/^import \* as __import0 from "/m);
    expect(source).toMatch(/^export default \{/m);
  });
});
