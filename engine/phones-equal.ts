/**
 * True when two phone numbers are the same after removing a leading "+1" and every non-digit:
 * "+1 (305) 555-0100" equals "305.555.0100". SPEC §5 ("Phone numbers compare equal after
 * removing a leading +1 and non-digits").
 */
export function phonesEqual(a: string, b: string): boolean {
  return phoneDigits(a) === phoneDigits(b);
}

function phoneDigits(phone: string): string {
  return String(phone).trim().replace(/^\+1/, '').replace(/\D/g, '');
}
