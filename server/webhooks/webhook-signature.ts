/**
 * The signature header of an outgoing webhook (issue 14, docs/api.md Customer quotes webhook):
 * `X-Portal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed with the
 * company's webhook secret. The timestamp lets a receiver refuse replays of old bodies.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** The header's name. */
export const SIGNATURE_HEADER = 'X-Portal-Signature';

/** The header's value for `body` (the exact bytes sent) at `unixSeconds`. */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** A new webhook secret: `whsec_` and 32 random bytes in hex (64 characters). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}
