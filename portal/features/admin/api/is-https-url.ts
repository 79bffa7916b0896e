/** The https-only check of the customer quotes webhook URL (SPEC §2 Dialogs). */

/**
 * True when `value` is an absolute `https:` URL with a host. Plain http, other schemes, relative
 * paths and URLs carrying credentials are refused: the webhook sends customer data.
 */
export function isHttpsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}
