/** The count and noun the portal writes ("1 change", "2 changes") and the verb agreeing with it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countNoun, takesSingular } from '../../portal/lib/count-noun.ts';

describe('countNoun', () => {
  it('writes the singular for one and the plural for none and many', () => {
    expect(countNoun(1, 'change')).toBe('1 change');
    expect(countNoun(0, 'change')).toBe('0 changes');
    expect(countNoun(2, 'own example')).toBe('2 own examples');
    expect(countNoun(3, 'policy', 'policies')).toBe('3 policies');
  });

  it('takes the singular for 1 alone, for any count', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), (count) => {
        expect(takesSingular(count)).toBe(count === 1);
        expect(countNoun(count, 'line')).toBe(count === 1 ? '1 line' : `${count} lines`);
      }),
    );
  });
});
