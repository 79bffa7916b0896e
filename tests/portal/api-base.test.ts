/**
 * The API base of SPEC §7 (portal/lib/api-base.ts, ADR 431): the origin plus /api on a local host,
 * otherwise the configured backend public API path (default /api), and the URLs built on it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiBase, apiUrl, billingPortalUrl, isLocalHost, serverUrl } from '../../portal/lib/api-base.ts';

const octet = fc.integer({ min: 0, max: 255 });
const localHost = fc.oneof(
  fc.constantFrom('localhost', 'LocalHost', '[::1]', '0.0.0.0'),
  fc.tuple(octet, octet, octet).map(([a, b, c]) => `127.${a}.${b}.${c}`),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/).map((label) => `${label}.localhost`),
);
/**
 * A host name label. Hyphens in the third and fourth places are reserved (RFC 5891 §4.2.3.1):
 * `xn--a` is a punycode label that does not decode, and a URL with it does not parse, so no page
 * can be served from it.
 */
const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/).filter((text) => text.slice(2, 4) !== '--');
/** A public host name: two or more labels under a real top-level domain, or a routable IPv4 address. */
const publicHost = fc.oneof(
  fc
    .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'net', 'io', 'insurance'))
    .map(([labels, tld]) => [...labels, tld].join('.'))
    .filter((host) => !host.split('.').includes('localhost')),
  fc.tuple(fc.integer({ min: 1, max: 126 }), octet, octet, octet).map((parts) => parts.join('.')),
);
const pathSegment = fc.stringMatching(/^[a-z0-9_-]{1,12}$/);
const apiPath = fc
  .tuple(fc.array(pathSegment, { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([segments, slash]) => `/${segments.join('/')}${slash ? '/' : ''}`);
const configured = fc.option(
  fc.oneof(apiPath, fc.string(), fc.webUrl({ validSchemes: ['https'], withQueryParameters: true })),
  { nil: undefined },
);

const at = (host: string, scheme = 'https') => ({ origin: `${scheme}://${host}`, hostname: host });

describe('apiBase', () => {
  it('is the origin plus /api on a local host, whatever is configured', () => {
    fc.assert(
      fc.property(localHost, fc.integer({ min: 1, max: 65535 }), configured, (host, port, setting) => {
        expect(isLocalHost(host)).toBe(true);
        const origin = `http://${host}:${port}`;
        expect(apiBase({ origin, hostname: host }, setting)).toBe(`${origin}/api`);
      }),
    );
  });

  it('is the configured path on the page origin elsewhere, without a trailing slash', () => {
    fc.assert(
      fc.property(publicHost, apiPath, (host, path) => {
        expect(isLocalHost(host)).toBe(false);
        expect(apiBase(at(host), path)).toBe(`https://${host}${path.replace(/\/$/, '')}`);
      }),
    );
  });

  it('is a configured absolute URL elsewhere, its query and fragment dropped', () => {
    fc.assert(
      fc.property(
        publicHost,
        fc.webUrl({ validSchemes: ['https', 'http'], withFragments: true, withQueryParameters: true }),
        (host, url) => {
          const parsed = new URL(url);
          expect(apiBase(at(host), url)).toBe(`${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`);
        },
      ),
    );
  });

  it('falls back to /api on the page origin when unset, blank or not an http(s) URL', () => {
    fc.assert(
      fc.property(
        publicHost,
        fc.constantFrom(
          undefined,
          '',
          '   ',
          'javascript:alert(1)',
          'ftp://files.example.com/api',
          'data:,x',
        ),
        (host, setting) => {
          expect(apiBase(at(host), setting)).toBe(`https://${host}/api`);
        },
      ),
    );
  });

  it('tells the names of this machine from look-alikes', () => {
    for (const host of ['localhost', '127.0.0.1', '127.255.10.3', '[::1]', '::1', 'app.localhost'])
      expect(isLocalHost(host), host).toBe(true);
    for (const host of [
      'localhost.example.com',
      '127.0.0.1.nip.io',
      '10.0.0.1',
      '128.0.0.1',
      'mylocalhost',
      '127.0.0.256',
    ])
      expect(isLocalHost(host), host).toBe(false);
  });

  it('reads the page location and VITE_PUBLIC_API_PATH by default (jsdom is a local host)', () => {
    expect(apiBase()).toBe(`${window.location.origin}/api`);
  });
});

describe('URLs on the base', () => {
  const base = 'https://backend.example.com/public-api';

  it('puts a call path under the base, leaving an absolute URL as it is', () => {
    expect(apiUrl('agent-portal/get-application-by-id', base)).toBe(
      `${base}/agent-portal/get-application-by-id`,
    );
    expect(apiUrl('/icons/tabler.json?icons=a,b', base)).toBe(`${base}/icons/tabler.json?icons=a,b`);
    expect(apiUrl('https://reader.example.com/app', base)).toBe('https://reader.example.com/app');
  });

  it("moves the server's own /api paths under the base, and nothing else", () => {
    expect(serverUrl('/api/files/5', base)).toBe(`${base}/files/5`);
    expect(serverUrl('/api/company-logos/3?v=2', base)).toBe(`${base}/company-logos/3?v=2`);
    expect(serverUrl('/api', base)).toBe(base);
    expect(serverUrl('/apikeys/1', base)).toBe('/apikeys/1');
    expect(serverUrl('https://checkout.stripe.com/c/1', base)).toBe('https://checkout.stripe.com/c/1');
    expect(billingPortalUrl(base)).toBe(`${base}/billing-portal`);
  });
});
