import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { formFor } from '../../engine/form-for.ts';
import { basicSet, liteCtx, mainCtx } from './fixtures/basic-set.ts';

describe('formFor', () => {
  const set = basicSet();
  const compiled = compileSchemaSet(set);

  it('returns the first form whose when holds', () => {
    expect(formFor(compiled, mainCtx)).toBe(set.forms[0]);
    expect(formFor(compiled, liteCtx)).toBe(set.forms[1]);
  });

  it('prefers the earlier form when several match', () => {
    const both = basicSet();
    both.forms[1].when = true;
    both.forms.reverse();
    const reordered = compileSchemaSet(both);
    expect(formFor(reordered, mainCtx).id).toBe('lite');
  });

  it('throws naming the context when no form matches, every time', () => {
    const ctx = { product: 'Other', application_type: 'x', status: 'new' };
    const message = `No form for context ${JSON.stringify(ctx)}`;
    expect(() => formFor(compiled, ctx)).toThrow(message);
    expect(() => formFor(compiled, ctx)).toThrow(message);
  });
});
