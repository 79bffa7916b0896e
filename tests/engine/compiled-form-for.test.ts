import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { compiledFormFor } from '../../engine/compiled-form-for.ts';
import { basicSet, liteCtx, mainCtx } from './fixtures/basic-set.ts';

const compiled = compileSchemaSet(basicSet());

describe('compiledFormFor', () => {
  it('resolves the form field order once per context', () => {
    const main = compiledFormFor(compiled, mainCtx);
    expect(main.fields[0]).toBe('alpha');
    expect(compiledFormFor(compiled, { ...mainCtx })).toBe(main);
    expect(compiledFormFor(compiled, liteCtx).fields).toEqual(['alpha', 'kind', 'count']);
  });
});
