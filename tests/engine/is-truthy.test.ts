import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTruthy } from '../../engine/is-truthy.ts';

describe('isTruthy', () => {
  it('is JavaScript truthiness except [] (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(isTruthy(v)).toBe(Array.isArray(v) ? v.length > 0 : Boolean(v));
      }),
    );
    expect(isTruthy([])).toBe(false);
  });
});
