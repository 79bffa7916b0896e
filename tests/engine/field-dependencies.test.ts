import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { readsAny } from '../../engine/field-dependencies.ts';
import { docFieldsRead } from '../../engine/logic-nodes.ts';
import { dependencySet } from './fixtures/dependency-set.ts';

const sorted = (reads: ReadonlySet<string> | null) => (reads === null ? null : [...reads].sort());

describe('docFieldsRead', () => {
  it('lists the doc fields of every var, defaults included, and ignores ctx and params', () => {
    expect(
      sorted(
        docFieldsRead({
          and: [
            { '==': [{ var: 'doc.a' }, { var: 'ctx.product' }] },
            { '<': [{ var: ['doc.b', { var: 'doc.c' }] }, { var: 'params.limit' }] },
            { var: 'doc.d.inner' },
          ],
        }),
      ),
    ).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reads the array of a per-item operator but not the item body', () => {
    expect(sorted(docFieldsRead({ some: [{ var: 'doc.list' }, { '==': [{ var: '' }, 'x'] }] }))).toEqual([
      'list',
    ]);
  });

  it.each([
    ['a computed var name', { var: { cat: ['doc.', 'a'] } }],
    ['the whole document', { var: 'doc' }],
    ['the whole data', { var: '' }],
    ['missing', { missing: ['doc.a'] }],
    ['missing_some', { missing_some: [1, ['doc.a', 'doc.b']] }],
  ])('cannot tell what %s reads', (_case, expression) => {
    expect(docFieldsRead(expression)).toBeNull();
  });
});

describe('compiled.dependencies', () => {
  const { dependencies } = compileSchemaSet(dependencySet());

  it('maps each field to the other fields whose checks read it', () => {
    expect(dependencies.checkReaders.get('a')).toEqual(expect.arrayContaining(['d', 'opt']));
    expect(dependencies.checkReaders.get('b')).toEqual(['d']);
    expect(dependencies.checkReaders.get('toggle')).toEqual(['shown']);
    expect(dependencies.checkReaders.has('d')).toBe(false);
    expect(dependencies.checkedAlways).toEqual(['c']);
  });

  it('records what computed fields, applicability and rules_apply_when read', () => {
    expect(sorted(dependencies.computedReads.get('sum') ?? null)).toEqual(['a', 'b']);
    expect(sorted(dependencies.applicabilityReads.get('shown') ?? null)).toEqual(['toggle']);
    expect(sorted(dependencies.gateReads)).toEqual(['gate']);
    expect(dependencies.computedInOrder).toBe(true);
    expect(compileSchemaSet(dependencySet(true)).dependencies.computedInOrder).toBe(false);
  });

  it('readsAny: nothing read is never affected, unknown reads always are', () => {
    expect(readsAny(undefined, new Set(['a']))).toBe(false);
    expect(readsAny(null, new Set())).toBe(true);
    expect(readsAny(new Set(['a', 'b']), new Set(['b']))).toBe(true);
    expect(readsAny(new Set(['a']), new Set(['b', 'c']))).toBe(false);
  });
});
