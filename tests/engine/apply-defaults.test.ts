import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDefaults } from '../../engine/apply-defaults.ts';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { docArbitrary } from './fixtures/arbitraries.ts';
import { basicSet } from './fixtures/basic-set.ts';

const compiled = compileSchemaSet(basicSet());

describe('applyDefaults', () => {
  it('fills every missing field that has a default, nothing else', () => {
    expect(applyDefaults(compiled, {})).toEqual({ kind: 'a', size: 5000, flag: false, tags: [] });
  });

  it('keeps present values, null included, and returns a new object', () => {
    const doc = { kind: 'b', size: null, other: 1 };
    const out = applyDefaults(compiled, doc);
    expect(out).toEqual({ kind: 'b', size: null, other: 1, flag: false, tags: [] });
    expect(out).not.toBe(doc);
    expect(doc).toEqual({ kind: 'b', size: null, other: 1 });
  });

  it('gives each document its own copy of an object default', () => {
    const first = applyDefaults(compiled, {});
    (first.tags as string[]).push('x');
    expect(applyDefaults(compiled, {}).tags).toEqual([]);
  });

  it('never overwrites a present value and is idempotent (property)', () => {
    fc.assert(
      fc.property(docArbitrary(compiled), (doc) => {
        const once = applyDefaults(compiled, doc);
        for (const [key, value] of Object.entries(doc)) {
          if (value !== undefined) expect(once[key]).toBe(value);
        }
        expect(applyDefaults(compiled, once)).toEqual(once);
      }),
    );
  });
});
