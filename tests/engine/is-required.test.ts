import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { isRequired } from '../../engine/is-required.ts';
import { basicSet, liteCtx, mainCtx } from './fixtures/basic-set.ts';

const compiled = compileSchemaSet(basicSet());

describe('isRequired', () => {
  it('is true for an applicable field not listed as optional', () => {
    expect(isRequired(compiled, 'alpha', {}, mainCtx)).toBe(true);
    expect(isRequired(compiled, 'count', { kind: 'a' }, liteCtx)).toBe(true);
  });

  it('is false for an optional field', () => {
    expect(isRequired(compiled, 'code', {}, mainCtx)).toBe(false);
  });

  it('is false for a field that does not apply or is not in the form', () => {
    expect(isRequired(compiled, 'count', { kind: 'c' }, mainCtx)).toBe(false);
    expect(isRequired(compiled, 'email', {}, liteCtx)).toBe(false);
  });
});
