/**
 * The token of a client's read-only quote view (the `{{quote_link}}` short code of a client without
 * a customer account): `<application id>.<expiry in Unix seconds>.<signature>`, the signature an
 * HMAC-SHA256 of the first two parts under the server's `quote_view` key, base64url. Pure: the
 * caller passes the key and the clock. docs/decisions/440-quote-link-for-the-client.md.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Days a quote link opens the quote view after it is written into a message. */
export const QUOTE_LINK_DAYS = 30;

/** Name of the signing key (signing_keys.name). */
export const QUOTE_VIEW_KEY = 'quote_view';

/** The shape of a token, for the request's JSON Schema (43 characters: a base64url SHA-256). */
export const QUOTE_VIEW_TOKEN_PATTERN = '^[1-9][0-9]{0,15}\\.[0-9]{1,12}\\.[A-Za-z0-9_-]{43}$';

function signature(key: string, applicationId: number, expiresSeconds: number): Buffer {
  return createHmac('sha256', key).update(`quote-view:${applicationId}.${expiresSeconds}`).digest();
}

/** A token opening application `applicationId`'s quote view until `expiresAt` (to the second). */
export function signQuoteViewToken(key: string, applicationId: number, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${applicationId}.${seconds}.${signature(key, applicationId, seconds).toString('base64url')}`;
}

/**
 * The application id a token opens at `now`, or null when it is malformed, signed with another
 * key, altered, or past its expiry.
 */
export function verifyQuoteViewToken(key: string, token: string, now: Date): number | null {
  const match = /^([1-9][0-9]{0,15})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const applicationId = Number(match[1]);
  const expiresSeconds = Number(match[2]);
  if (!Number.isSafeInteger(applicationId)) return null;
  // Compared as text: decoding would ignore the last character's two spare bits.
  const given = Buffer.from(match[3]);
  const expected = Buffer.from(signature(key, applicationId, expiresSeconds).toString('base64url'));
  if (!timingSafeEqual(given, expected)) return null;
  return expiresSeconds * 1000 > now.getTime() ? applicationId : null;
}
