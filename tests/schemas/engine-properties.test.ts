/**
 * Engine-wide properties over the real schema set (issue 10 part 2), on documents generated from the
 * fields' JSON Schemas (engine/harness/value-arbitrary.ts) over each product's example: at most one
 * message per field, none on a field that does not apply, every empty required field reported
 * with its required check, and messages in the form's field order (docs/schema-format.md).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compiledFormFor } from '../../engine/compiled-form-for.ts';
import { candidateValues } from '../../engine/harness/candidate-values.ts';
import { valueArbitrary } from '../../engine/harness/value-arbitrary.ts';
import { isApplicable } from '../../engine/is-applicable.ts';
import { isEmptyValue } from '../../engine/is-empty-value.ts';
import { isRequired } from '../../engine/is-required.ts';
import type { Doc } from '../../engine/types.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import { examples, schemaSet } from '../../schemas/schema-set.ts';
import { compiled, contexts, exampleNames } from './schema-test-kit.ts';

const candidates = candidateValues(schemaSet, compiled.properties, Object.values(examples));

/** The example of `name` with any of its form's fields replaced by generated values. */
function documents(name: (typeof exampleNames)[number]): fc.Arbitrary<Doc> {
  const fields = compiledFormFor(compiled, contexts[name]).fields;
  const changes = fc.record(
    Object.fromEntries(
      fields.map((field) => [field, valueArbitrary(compiled.properties[field], candidates.get(field) ?? [])]),
    ),
    { requiredKeys: [] },
  );
  return changes.map((changed) => ({ ...structuredClone(examples[name]), ...(changed as Doc) }));
}

describe.each(exampleNames)('validateDocument on generated %s documents', (name) => {
  const ctx = contexts[name];
  const order = compiledFormFor(compiled, ctx).fields;

  it('gives at most one message per field, only on applicable fields, in form order', () => {
    fc.assert(
      fc.property(documents(name), (doc) => {
        const messages = validateDocument(compiled, doc, ctx);
        const fields = messages.map((message) => message.field);
        expect(new Set(fields).size).toBe(fields.length);
        for (const field of fields) expect(isApplicable(compiled, field, doc, ctx), field).toBe(true);
        const positions = fields.map((field) => order.indexOf(field));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }),
      { numRuns: 150 },
    );
  });

  it('reports every empty required field with its required check', () => {
    fc.assert(
      fc.property(documents(name), (doc) => {
        const byField = new Map(
          validateDocument(compiled, doc, ctx).map((message) => [message.field, message]),
        );
        for (const field of order) {
          if (isEmptyValue(doc[field]) && isRequired(compiled, field, doc, ctx)) {
            expect(byField.get(field)?.rule_id, field).toBe(`required:${field}`);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
