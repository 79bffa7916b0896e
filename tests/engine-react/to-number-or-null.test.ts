import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optionIndex } from '../../engine/react/widgets/option-index.ts';
import { toNumberOrNull } from '../../engine/react/widgets/to-number-or-null.ts';

describe('toNumberOrNull', () => {
  it('keeps finite numbers, reads formatted text and turns empty input into null', () => {
    expect(toNumberOrNull(1234.5)).toBe(1234.5);
    expect(toNumberOrNull('$1,234,567')).toBe(1234567);
    expect(toNumberOrNull('')).toBeNull();
    expect(toNumberOrNull('abc')).toBeNull();
    expect(toNumberOrNull(Number.NaN)).toBeNull();
  });

  it('round-trips any finite number and its text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(toNumberOrNull(n)).toBe(n);
        expect(toNumberOrNull(String(n))).toBe(Number(String(n)));
      }),
    );
  });
});

describe('optionIndex', () => {
  it('finds a value by identity first, then by text', () => {
    const choices = [
      { value: 5000, label: '$5,000' },
      { value: '5000', label: 'text' },
      { value: true, label: 'Yes' },
    ];
    expect(optionIndex(choices, '5000')).toBe(1);
    expect(optionIndex(choices, 5000)).toBe(0);
    expect(optionIndex(choices, true)).toBe(2);
    expect(optionIndex(choices, null)).toBe(-1);
    expect(optionIndex(choices, '')).toBe(-1);
  });

  it('points at an option holding the value for any member of the list', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.oneof(fc.string({ minLength: 1 }), fc.integer())),
        fc.nat(),
        (values, pick) => {
          fc.pre(values.length > 0);
          const choices = values.map((value) => ({ value, label: String(value) }));
          const value = values[pick % values.length];
          expect(choices[optionIndex(choices, value)].value).toBe(value);
        },
      ),
    );
  });
});
