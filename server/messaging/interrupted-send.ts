/**
 * A send a crash or restart cut short: the message was handed to the provider (SMTP server or SMS
 * provider) but its answer was never stored, so whether the client got it is unknown. Issue 14,
 * docs/decisions/254-auto-send-at-most-once.md: such a send is never repeated; it is shown failed
 * with this text.
 */

/** The note and the texting console's error of an interrupted send (SPEC §3 Note, orange). */
export const INTERRUPTED_SEND_MESSAGE =
  'The server stopped while sending; it was not sent again, so the client may not have it.';

/**
 * Margin over the provider's timeout (ms) after which a message still stored `sending` counts as
 * interrupted: no live send lasts longer than the provider's timeout, so its process is gone.
 */
export const INTERRUPTED_AFTER_TIMEOUT_MARGIN_MS = 60_000;

/**
 * The moment before which a message still `sending` was interrupted, for a provider timeout of
 * `providerTimeoutMs` (ms) at `now`.
 */
export function interruptedBefore(now: Date, providerTimeoutMs: number): Date {
  return new Date(now.getTime() - providerTimeoutMs - INTERRUPTED_AFTER_TIMEOUT_MARGIN_MS);
}
