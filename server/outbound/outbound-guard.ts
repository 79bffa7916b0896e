/**
 * The one guard of every host an admin can set (issue 38; docs/decisions/721-one-outbound-guard.md,
 * after ADR 222): the company SMTP server, the customer quotes webhook and any later one. A host
 * is resolved and every address checked with ipaddr.js: only public unicast addresses pass;
 * loopback, private (RFC 1918), unique-local (fc00::/7), link-local (169.254.0.0/16 with the cloud
 * metadata address, fe80::/10), carrier-grade NAT, unspecified and every other special range are
 * refused, at save (checkHostAtSave: a 422 for the settings call) and at connect time
 * (checkOutboundHost: the caller then connects to the address checked here, never to a second
 * lookup's, so DNS rebinding between check and connect changes nothing). The operator may allow
 * named hosts with OUTBOUND_ALLOWED_HOSTS (tests and the demo's local fake servers: 127.0.0.1).
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { currentSettings, type Settings } from '../settings/settings.ts';

/** A DNS lookup of every address of a host (node's dns.lookup with `all`; tests pass another). */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

/**
 * The hosts the operator lets admins reach whatever their addresses: OUTBOUND_ALLOWED_HOSTS, a
 * comma-separated list of host names or IP addresses (lower-cased, IPv6 without brackets); empty
 * when unset.
 */
export function outboundAllowedHosts(
  settings: Pick<Settings, 'OUTBOUND_ALLOWED_HOSTS'> = currentSettings(),
): ReadonlySet<string> {
  return new Set(
    (settings.OUTBOUND_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => bareHost(host.trim()))
      .filter((host) => host !== ''),
  );
}

/** Why a host is refused before any byte is sent; the message says which address and why. */
export class OutboundHostRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundHostRefused';
  }
}

/** An address checked for connecting. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** The words for an ipaddr.js range name. */
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

/** A host name lower-cased, an IPv6 literal without its brackets. */
export function bareHost(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** True when the operator allowed `host` (OUTBOUND_ALLOWED_HOSTS). */
export function isAllowedHost(host: string, allowed: ReadonlySet<string> = outboundAllowedHosts()): boolean {
  return allowed.has(bareHost(host));
}

/** The first non-public address of `addresses` with the refusal's words, or null when all are public. */
function refusalOf(host: string, addresses: { address: string }[]): string | null {
  for (const { address } of addresses) {
    const range = nonPublicRange(address);
    if (range) {
      const via = address === host ? address : `${host} resolves to ${address}`;
      return `Refused: ${via}, ${range}. Only public addresses can be reached.`;
    }
  }
  return null;
}

/**
 * The address to connect to for `host` (a name or an IP literal). Throws OutboundHostRefused when
 * the host does not resolve or any of its addresses is not public, unless the operator allowed it.
 */
export async function checkOutboundHost(
  rawHost: string,
  allowed: ReadonlySet<string> = outboundAllowedHosts(),
  resolve: ResolveHost = systemResolve,
): Promise<CheckedAddress> {
  const host = bareHost(rawHost);
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'lookup failed';
      throw new OutboundHostRefused(`Refused: ${host} does not resolve (${code}).`);
    }
  }
  if (!addresses.length) throw new OutboundHostRefused(`Refused: ${host} does not resolve.`);
  if (!allowed.has(host)) {
    const refusal = refusalOf(host, addresses);
    if (refusal) throw new OutboundHostRefused(refusal);
  }
  const [first] = addresses;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * The refusal of `host` as an admin saves it (null: accepted): an allowed host passes; an address,
 * or a name resolving to any address, that is not public is refused. A name that does not resolve
 * now is accepted (it may resolve later): the connect-time check judges it then.
 */
export async function hostRefusalAtSave(
  rawHost: string,
  allowed: ReadonlySet<string> = outboundAllowedHosts(),
  resolve: ResolveHost = systemResolve,
): Promise<string | null> {
  const host = bareHost(rawHost);
  if (allowed.has(host)) return null;
  if (ipaddr.isValid(host)) return refusalOf(host, [{ address: host }]);
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    return null;
  }
  return refusalOf(host, addresses);
}
