/**
 * TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) through otplib, the way authenticator
 * apps read it (docs/decisions/714-totp-with-recovery-codes.md).
 */
import { generateSecret, generateURI, verify } from 'otplib';

/** What the otpauth URI names as the issuer in the authenticator app. */
export const TOTP_ISSUER = 'MGA Agent Portal';

/** Seconds of clock drift accepted either way: the step before and after the current one. */
const DRIFT_SECONDS = 30;

/** A new secret: 20 random bytes in base32 (32 characters). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app scans (as a QR code) for `secret` of `email`. */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/**
 * The RFC 6238 time step `code` is valid for at `now` (drift of one step either way), or null
 * when it is not valid or its step is not after `afterTimeStep` (a code is accepted once).
 */
export async function totpTimeStep(
  secret: string,
  code: string,
  afterTimeStep: number | null,
  now: Date = new Date(),
): Promise<number | null> {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  }).catch(() => ({ valid: false as const }));
  // The TOTP strategy's answer carries the step (the HOTP one, which this is not, a counter).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
