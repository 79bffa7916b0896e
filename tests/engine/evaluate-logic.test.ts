import { describe, expect, it } from 'vitest';
import { evaluateLogic } from '../../engine/evaluate-logic.ts';

describe('evaluateLogic', () => {
  const data = { doc: { count: 3, alpha: 'ab', tags: [] }, ctx: { product: 'Main' } };

  it('applies json-logic over { doc, ctx }', () => {
    expect(evaluateLogic({ '==': [{ var: 'ctx.product' }, 'Main'] }, data)).toBe(true);
    expect(evaluateLogic({ '*': [{ var: 'doc.count' }, 125] }, data)).toBe(375);
    expect(evaluateLogic({ var: 'doc.ghost' }, data)).toBeNull();
  });

  it('knows the custom operators', () => {
    expect(evaluateLogic({ '>=': [{ length: { var: 'doc.alpha' } }, 2] }, data)).toBe(true);
    expect(evaluateLogic({ is_empty: { var: 'doc.tags' } }, data)).toBe(true);
  });

  it('returns literals as they are', () => {
    expect(evaluateLogic(5, data)).toBe(5);
    expect(evaluateLogic('text', data)).toBe('text');
    expect(evaluateLogic({ a: 1, b: 2 }, data)).toEqual({ a: 1, b: 2 });
  });

  it('throws on an unknown operator', () => {
    expect(() => evaluateLogic({ nope: [1] }, data)).toThrow(/Unrecognized operation nope/);
  });
});
