/**
 * Formats what was typed into a phone field as "(305) 555-0100" (14 characters when complete),
 * keeping only as much punctuation as the digits typed so far need, so backspace never gets stuck
 * on a ")" or "-". A leading country code 1 is dropped once more than 10 digits are present;
 * digits past the tenth are ignored. Empty or non-string input gives "". SPEC §5 Field rules (Phone).
 */
export function formatPhoneInput(raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') return '';
  let digits = String(raw).replace(/\D/g, '');
  if (digits.length > 10 && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
