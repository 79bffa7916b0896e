/**
 * Incremental checking equals checking everything (issue 18): for any sequence of edits (and of
 * documents replaced from outside the form) on the real schema set's forms and on a generic set
 * built to reach every dependency path, the document and every field's applicability, required
 * marker and message after editDocument / recheckDocument equal the full pipeline's:
 * computeFields, clearHiddenFields, validateDocument, isApplicable, isRequired.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearHiddenFields } from '../../engine/clear-hidden-fields.ts';
import { type CompiledSchemaSet, compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { compiledFormFor } from '../../engine/compiled-form-for.ts';
import { computeFields } from '../../engine/compute-fields.ts';
import {
  checkDocument,
  type DocumentChecks,
  editDocument,
  messagesOf,
  recheckDocument,
} from '../../engine/document-checks.ts';
import { candidateValues } from '../../engine/harness/candidate-values.ts';
import { valueArbitrary } from '../../engine/harness/value-arbitrary.ts';
import { isApplicable } from '../../engine/is-applicable.ts';
import { isRequired } from '../../engine/is-required.ts';
import { mergeFieldChanges } from '../../engine/react/merge-field-changes.ts';
import type { Doc, RuleContext } from '../../engine/types.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import manifest from '../../schemas/schema-set.json' with { type: 'json' };
import { examples, schemaSet } from '../../schemas/schema-set.ts';
import { dependencyCtx, dependencySet } from './fixtures/dependency-set.ts';

/** One step: the user sets a field, or the caller replaces the document with some fields changed. */
type Step = { kind: 'edit'; field: string; value: unknown } | { kind: 'replace'; changes: Doc };

function steps(
  fields: string[],
  arbitraryOf: (field: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Step[]> {
  const fieldValue = fc
    .constantFrom(...fields)
    .chain((field) => arbitraryOf(field).map((value) => ({ field, value })));
  const edit = fieldValue.map(({ field, value }): Step => ({ kind: 'edit', field, value }));
  const replace = fc.array(fieldValue, { minLength: 1, maxLength: 4 }).map(
    (pairs): Step => ({
      kind: 'replace',
      changes: Object.fromEntries(pairs.map((p) => [p.field, p.value])),
    }),
  );
  return fc.array(fc.oneof({ arbitrary: edit, weight: 6 }, { arbitrary: replace, weight: 1 }), {
    minLength: 1,
    maxLength: 25,
  });
}

/** Runs the steps incrementally and fully side by side, comparing after each one. */
function runSteps(compiled: CompiledSchemaSet, ctx: RuleContext, start: Doc, sequence: Step[]): void {
  let checks: DocumentChecks = checkDocument(compiled, start, ctx);
  let full: Doc = start;
  for (const step of sequence) {
    if (step.kind === 'edit') {
      const { doc: edited, changed } = mergeFieldChanges(checks.doc, { [step.field]: step.value }, [
        step.field,
      ]);
      if (changed.length === 0) continue;
      checks = editDocument(compiled, checks, edited, changed);
      full = clearHiddenFields(
        compiled,
        full,
        computeFields(compiled, { ...full, ...pick(edited, changed) }, ctx),
        ctx,
      );
    } else {
      const replaced = { ...checks.doc, ...step.changes };
      checks = recheckDocument(compiled, checks, replaced);
      full = { ...full, ...step.changes };
    }
    expectSameChecks(compiled, ctx, checks, full);
  }
}

function pick(doc: Doc, fields: string[]): Doc {
  return Object.fromEntries(fields.map((field) => [field, doc[field]]));
}

function expectSameChecks(compiled: CompiledSchemaSet, ctx: RuleContext, checks: DocumentChecks, full: Doc) {
  expect(checks.doc).toEqual(full);
  expect(messagesOf(checks)).toEqual(validateDocument(compiled, full, ctx));
  for (const [field, check] of checks.fields) {
    expect(check.applicable, field).toBe(isApplicable(compiled, field, full, ctx));
    expect(check.required, field).toBe(isRequired(compiled, field, full, ctx));
  }
}

const realSet = compileSchemaSet(schemaSet);
const candidates = candidateValues(schemaSet, realSet.properties, Object.values(examples));
const exampleContexts: Record<string, RuleContext> = manifest.example_contexts;

describe.each(['commercial', 'primary', 'excess', 'mobile', 'home'] as const)(
  'incremental checks on the %s form',
  (name) => {
    const ctx = exampleContexts[name];
    const fields = compiledFormFor(realSet, ctx).fields;
    const arbitraryOf = (field: string) =>
      valueArbitrary(realSet.properties[field], candidates.get(field) ?? []);

    it('equal checking the whole document after any sequence of edits', () => {
      fc.assert(
        fc.property(steps(fields, arbitraryOf), (sequence) => {
          runSteps(realSet, ctx, structuredClone(examples[name]), sequence);
        }),
        { numRuns: name === 'commercial' || name === 'primary' ? 100 : 40 },
      );
    });
  },
);

describe('incremental checks on a set reaching every dependency path', () => {
  const values = fc.constantFrom<unknown>(null, '', 0, 2, 5, 12, 'x', 'xyz', 'Yes', 'No', true);
  for (const outOfOrder of [false, true]) {
    const compiled = compileSchemaSet(dependencySet(outOfOrder));
    it(`equal checking the whole document${outOfOrder ? ' (a computed field reads a later one)' : ''}`, () => {
      fc.assert(
        fc.property(
          fc.record(
            { a: values, b: values, toggle: values, shown: values, gate: values },
            { requiredKeys: [] },
          ),
          steps(compiled.fields, () => values),
          (start, sequence) => runSteps(compiled, dependencyCtx, start as Doc, sequence),
        ),
        { numRuns: 200 },
      );
    });
  }

  it('re-checks only the edited field, its readers and the fields whose reads cannot be told', () => {
    const compiled = compileSchemaSet(dependencySet());
    const start = checkDocument(compiled, { a: 1, b: 2, toggle: 'Yes', shown: 'x' }, dependencyCtx);
    const first = editDocument(compiled, start, { ...start.doc, d: 1 }, ['d']);
    // The first edit evaluates every computed field, as the document came from outside.
    expect(first.doc).toMatchObject({ sum: 3, twice: 6, shown_length: 1 });
    const second = editDocument(compiled, first, { ...first.doc, d: 2 }, ['d']);
    expect([...second.rechecked].sort()).toEqual(['c', 'd']);
    const third = editDocument(compiled, second, { ...second.doc, b: 3 }, ['b']);
    expect([...third.rechecked].sort()).toEqual(['b', 'c', 'd', 'sum', 'twice']);
    expect(third.doc).toMatchObject({ sum: 4, twice: 8 });
  });

  it('clears a hidden field, and the next edit recomputes what read it', () => {
    const compiled = compileSchemaSet(dependencySet());
    const start = checkDocument(compiled, { a: 1, b: 2, toggle: 'Yes', shown: 'abc' }, dependencyCtx);
    const hidden = editDocument(compiled, start, { ...start.doc, toggle: 'No' }, ['toggle']);
    expect(hidden.doc.shown).toBeNull();
    // computeFields runs before clearHiddenFields, so the computed length still counts 'abc'.
    expect(hidden.doc.shown_length).toBe(3);
    const next = editDocument(compiled, hidden, { ...hidden.doc, d: 1 }, ['d']);
    expect(next.doc.shown_length).toBe(0);
  });
});

describe('incremental checks on the commercial form', () => {
  it('re-check a handful of fields when a text field is typed into', () => {
    const ctx = exampleContexts.commercial;
    const start = checkDocument(realSet, structuredClone(examples.commercial), ctx);
    const first = editDocument(realSet, start, { ...start.doc, business_name: 'A' }, ['business_name']);
    const second = editDocument(realSet, first, { ...first.doc, business_name: 'AB' }, ['business_name']);
    expect(second.rechecked.length).toBeLessThanOrEqual(3);
    expect(second.rechecked).toContain('business_name');
    expect(start.fields.size).toBeGreaterThan(100);
  });
});
