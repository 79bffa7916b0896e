/**
 * SSRF protection of outgoing webhooks (issue 14, docs/decisions/222-webhook-ssrf-protection.md;
 * issue 38, ADR 721): the URL must be https (http only to a host the operator allowed in
 * OUTBOUND_ALLOWED_HOSTS, a local receiver in development and tests) and its host passes the one
 * outbound guard (server/outbound/outbound-guard.ts). The request then connects to the address
 * checked here, never to a second lookup's.
 */
import {
  checkOutboundHost,
  isAllowedHost,
  OutboundHostRefused,
  outboundAllowedHosts,
  type ResolveHost,
} from '../outbound/outbound-guard.ts';

/** A URL checked for sending: the parsed URL and the address to connect to. */
export interface WebhookTarget {
  url: URL;
  /** The checked IP address (v4 or v6) the request connects to. */
  address: string;
  family: 4 | 6;
}

/** The scheme message of the settings call and of the delivery log. */
export const WEBHOOK_HTTPS_REFUSAL = 'Refused: the webhook URL must use https.';

/**
 * Checks `rawUrl` for sending. Throws OutboundHostRefused when it is not a valid URL, the scheme
 * is not https (http too for an allowed host), or the outbound guard refuses its host.
 */
export async function checkWebhookTarget(
  rawUrl: string,
  allowed: ReadonlySet<string> = outboundAllowedHosts(),
  resolve?: ResolveHost,
): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundHostRefused('Refused: the webhook URL is not a valid URL.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isAllowedHost(url.hostname, allowed))) {
    throw new OutboundHostRefused(WEBHOOK_HTTPS_REFUSAL);
  }
  const { address, family } = await checkOutboundHost(url.hostname, allowed, resolve);
  return { url, address, family };
}
