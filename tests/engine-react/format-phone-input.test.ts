import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhoneInput } from '../../engine/react/format-phone-input.ts';

const digit = fc.constantFrom(...'0123456789'.split(''));
const noise = fc.constantFrom(' ', '-', '(', ')', '.', '+', 'x');
const typed = fc.array(fc.oneof(digit, noise), { maxLength: 20 }).map((chars) => chars.join(''));

describe('formatPhoneInput', () => {
  it('formats a full number as (305) 555-0100', () => {
    expect(formatPhoneInput('3055550100')).toBe('(305) 555-0100');
    expect(formatPhoneInput('+1 (305) 555-0100')).toBe('(305) 555-0100');
    expect(formatPhoneInput('305')).toBe('(305');
    expect(formatPhoneInput('3055')).toBe('(305) 5');
    expect(formatPhoneInput('305555010')).toBe('(305) 555-010');
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput(null)).toBe('');
  });

  it('keeps the first ten digits (after a leading country code 1) and nothing else', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        let digits = raw.replace(/\D/g, '');
        if (digits.length > 10 && digits.startsWith('1')) digits = digits.slice(1);
        expect(formatPhoneInput(raw).replace(/\D/g, '')).toBe(digits.slice(0, 10));
      }),
    );
  });

  it('is idempotent and never longer than 14 characters', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const once = formatPhoneInput(raw);
        expect(formatPhoneInput(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(14);
      }),
    );
  });

  it('gives exactly 14 characters in the mask for ten digits', () => {
    fc.assert(
      fc.property(fc.array(digit, { minLength: 10, maxLength: 10 }), (digits) => {
        const formatted = formatPhoneInput(digits.join(''));
        expect(formatted).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
        expect(formatted).toHaveLength(14);
      }),
    );
  });

  it('never ends on punctuation, so backspace always removes a digit', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const formatted = formatPhoneInput(raw);
        if (formatted !== '') expect(formatted).toMatch(/\d$/);
      }),
    );
  });
});
