import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { isApplicable } from '../../engine/is-applicable.ts';
import { basicSet, liteCtx, mainCtx } from './fixtures/basic-set.ts';

const compiled = compileSchemaSet(basicSet());

describe('isApplicable', () => {
  it('is false for a field not in the context form', () => {
    expect(isApplicable(compiled, 'email', {}, mainCtx)).toBe(true);
    expect(isApplicable(compiled, 'email', {}, liteCtx)).toBe(false);
    expect(isApplicable(compiled, 'ghost', {}, mainCtx)).toBe(false);
  });

  it('follows the applicability condition over doc', () => {
    expect(isApplicable(compiled, 'count', { kind: 'a' }, mainCtx)).toBe(true);
    expect(isApplicable(compiled, 'count', { kind: 'c' }, mainCtx)).toBe(false);
    expect(isApplicable(compiled, 'limit', { flag: true }, mainCtx)).toBe(false);
    expect(isApplicable(compiled, 'limit', {}, mainCtx)).toBe(true);
  });

  it('treats an empty array condition result as false (JSON-logic truthiness)', () => {
    const set = basicSet();
    set.applicability.alpha = { var: 'doc.tags' };
    const withArray = compileSchemaSet(set);
    expect(isApplicable(withArray, 'alpha', { tags: [] }, mainCtx)).toBe(false);
    expect(isApplicable(withArray, 'alpha', { tags: ['x'] }, mainCtx)).toBe(true);
  });

  it('throws when no form matches the context', () => {
    expect(() => isApplicable(compiled, 'alpha', {}, { ...mainCtx, product: 'None' })).toThrow(
      'No form for context',
    );
  });
});
