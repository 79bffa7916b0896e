import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phonesEqual } from '../../engine/phones-equal.ts';

const formats = [
  (d: string) => d,
  (d: string) => `+1${d}`,
  (d: string) => `+1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
];

describe('phonesEqual', () => {
  it('ignores a leading +1 and formatting', () => {
    expect(phonesEqual('+1 (305) 555-0100', '305.555.0100')).toBe(true);
    expect(phonesEqual('3055550100', '3055550101')).toBe(false);
  });

  it('removes only a leading +1, not a 1 inside or without the plus', () => {
    expect(phonesEqual('13055550100', '3055550100')).toBe(false);
    expect(phonesEqual('305-555+0100', '3055550100')).toBe(true);
    expect(phonesEqual('305+15550100', '3055550100')).toBe(false);
    expect(phonesEqual('', '+1')).toBe(true);
  });

  const digits = fc.stringMatching(/^[0-9]{10}$/);

  it('is equal across every formatting of the same number (property)', () => {
    fc.assert(
      fc.property(digits, fc.constantFrom(...formats), fc.constantFrom(...formats), (d, f, g) => {
        expect(phonesEqual(f(d), g(d))).toBe(true);
      }),
    );
  });

  it('is symmetric and tells different numbers apart (property)', () => {
    fc.assert(
      fc.property(digits, digits, fc.constantFrom(...formats), (a, b, f) => {
        expect(phonesEqual(f(a), b)).toBe(phonesEqual(b, f(a)));
        expect(phonesEqual(f(a), b)).toBe(a === b);
      }),
    );
  });
});
