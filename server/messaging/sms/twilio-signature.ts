/**
 * Twilio's webhook signature (X-Twilio-Signature): base64 of HMAC-SHA1, keyed with the account's
 * auth token, over the full webhook URL followed by each POST parameter's name and value, sorted by
 * name. docs/decisions/212-inbound-sms-webhook.md.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature Twilio sends for a form post of `params` to `url`. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** True when `signature` is the one of `params` posted to `url` (constant-time comparison). */
export function verifyTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
