import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { computeFields } from '../../engine/compute-fields.ts';
import { basicSet, mainCtx } from './fixtures/basic-set.ts';

const compiled = compileSchemaSet(basicSet());

describe('computeFields', () => {
  it('writes each computed field into a new document', () => {
    const doc = { width: 4, length: 5, area: 1 };
    const out = computeFields(compiled, doc, mainCtx);
    expect(out).toEqual({ width: 4, length: 5, area: 20 });
    expect(doc.area).toBe(1);
  });

  it('reads numeric strings as numbers', () => {
    expect(computeFields(compiled, { width: '4', length: ' 2.5 ' }, mainCtx).area).toBe(10);
  });

  it.each([
    ['missing', { width: 4 }],
    ['null', { width: 4, length: null }],
    ['empty string', { width: '', length: 3 }],
    ['non-numeric', { width: 'wide', length: 3 }],
    ['boolean', { width: true, length: 3 }],
  ])('is null when an input is %s', (_case, doc) => {
    expect(computeFields(compiled, doc, mainCtx).area).toBeNull();
  });

  it('sees earlier computed values and takes only the branch it needs', () => {
    const set = basicSet();
    set.computed = {
      area: { '*': [{ var: 'doc.width' }, { var: 'doc.length' }] },
      cost: {
        if: [
          { '==': [{ var: 'doc.kind' }, 'b'] },
          { '+': [{ var: 'doc.area' }, 1] },
          { '-': [{ var: 'doc.limit' }, 1] },
        ],
      },
    };
    const withBranches = compileSchemaSet(set);
    expect(computeFields(withBranches, { kind: 'b', width: 2, length: 3 }, mainCtx).cost).toBe(7);
    expect(computeFields(withBranches, { kind: 'a', limit: 10 }, mainCtx).cost).toBe(9);
    expect(computeFields(withBranches, { kind: 'a' }, mainCtx).cost).toBeNull();
  });

  it('equals the product whenever both inputs are finite numbers (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: -1e6, max: 1e6 }),
        (width, length) => {
          expect(computeFields(compiled, { width, length }, mainCtx).area).toBe(width * length);
        },
      ),
    );
  });

  it('is null whenever either input is missing (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, undefined, ''), fc.integer(), fc.boolean(), (empty, n, first) => {
        const doc = first ? { width: empty, length: n } : { width: n, length: empty };
        expect(computeFields(compiled, doc, mainCtx).area).toBeNull();
      }),
    );
  });
});
