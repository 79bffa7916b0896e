/**
 * Phone numbers as SMS providers take them: E.164 (`+13055550142`), parsed with libphonenumber-js
 * (its metadata is maintained upstream). Numbers without a country code are read as US numbers,
 * the product's market (SPEC §1).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** The E.164 form of `text`, or null when it is not a valid number. */
export function toE164(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** `+13055550142` as `(305) 555-0142` for US numbers, the international format otherwise. */
export function displayPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
}
