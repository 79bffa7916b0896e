/**
 * One-time recovery codes of the second factor (issue 38): shown once when TOTP is turned on,
 * stored as SHA-256 only (docs/decisions/714-totp-with-recovery-codes.md).
 */
import { createHash, randomInt } from 'node:crypto';

/** How many codes a user gets at once. */
export const RECOVERY_CODE_COUNT = 10;

/** Letters and digits without look-alikes (no 0/o, 1/l/i): 31 symbols. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new code: two groups of five symbols, `xxxxx-xxxxx` (about 50 bits). */
function newRecoveryCode(): string {
  const symbols = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

/** RECOVERY_CODE_COUNT new distinct codes. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/** True when `text` has the shape of a recovery code (spaces and case aside). */
export function looksLikeRecoveryCode(text: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/.test(text.trim().toLowerCase().replace(/\s+/g, ''));
}

/** SHA-256 hex of a code as typed: trimmed, lower-cased, without spaces or the dash. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(
      code
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, ''),
    )
    .digest('hex');
}
