/**
 * SSRF protection of outgoing webhooks (issue 14, docs/decisions/222-webhook-ssrf-protection.md):
 * the URL's host is resolved and every address checked with ipaddr.js. Only public unicast
 * addresses pass; loopback, private (RFC 1918, fc00::/7), link-local, carrier-grade NAT,
 * unspecified and every other special range are refused, unless the development flag
 * WEBHOOK_ALLOW_PRIVATE_TARGETS=1 is set (tests, a local receiver). The request then connects to
 * the address checked here, never to a second lookup's (no DNS rebinding between check and send).
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { currentSettings, type Settings } from '../settings/settings.ts';

/** The development flag's name: `1` lets webhooks reach private and loopback addresses over http or https. */
export const ALLOW_PRIVATE_TARGETS_FLAG = 'WEBHOOK_ALLOW_PRIVATE_TARGETS';

/** True when the settings (default: the process's) set WEBHOOK_ALLOW_PRIVATE_TARGETS=1. */
export function privateTargetsAllowed(settings: Settings = currentSettings()): boolean {
  return settings[ALLOW_PRIVATE_TARGETS_FLAG] === '1';
}

/** Why a target is refused before any byte is sent; the message is the delivery log's error. */
export class WebhookTargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookTargetRefused';
  }
}

/** A URL checked for sending: the parsed URL and the address to connect to. */
export interface WebhookTarget {
  url: URL;
  /** The checked IP address (v4 or v6) the request connects to. */
  address: string;
  family: 4 | 6;
}

/** The words of the log for an ipaddr.js range name. */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address (RFC 1918)',
  uniqueLocal: 'a private address (fc00::/7)',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  unspecified: 'the unspecified address',
};

/** Null for a public unicast address, else the words saying what kind of address it is. */
export function nonPublicRange(address: string): string | null {
  // process() turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into the IPv4 it carries.
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return null;
  return RANGE_NAMES[range] ?? `a non-public address (${range})`;
}

/**
 * Checks `rawUrl` for sending. Throws WebhookTargetRefused when the scheme is not https (http too
 * under the flag), the host does not resolve, or any of its addresses is not public (under the
 * flag every address passes). `resolve` is the DNS lookup (tests may pass another).
 */
export async function checkWebhookTarget(
  rawUrl: string,
  allowPrivate: boolean = privateTargetsAllowed(),
  resolve: (host: string) => Promise<{ address: string; family: number }[]> = (host) =>
    lookup(host, { all: true, verbatim: true }),
): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new WebhookTargetRefused('Refused: the webhook URL is not a valid URL.');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new WebhookTargetRefused('Refused: the webhook URL must use https.');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'lookup failed';
      throw new WebhookTargetRefused(`Refused: ${host} does not resolve (${code}).`);
    }
  }
  if (!addresses.length) throw new WebhookTargetRefused(`Refused: ${host} does not resolve.`);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const range = nonPublicRange(address);
      if (range) {
        const via = address === host ? address : `${host} resolves to ${address}`;
        throw new WebhookTargetRefused(
          `Refused: ${via}, ${range}. Webhooks are sent only to public addresses.`,
        );
      }
    }
  }
  const [first] = addresses;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
