import { describe, expect, it } from 'vitest';
import { isEmptyValue } from '../../engine/is-empty-value.ts';

describe('isEmptyValue', () => {
  it('is true for null, undefined, blank strings and [] only', () => {
    for (const v of [null, undefined, '', ' \t', []]) expect(isEmptyValue(v)).toBe(true);
    for (const v of [0, false, 'a', [0], {}]) expect(isEmptyValue(v)).toBe(false);
  });
});
