import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeadersOf, securityHeadersSetter } from '../../../server/http/security-headers.ts';

function response(): ServerResponse {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  response.setHeader('X-Powered-By', 'something');
  return response;
}

const appLike: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'sha256-abc'"],
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
};

describe('securityHeadersSetter', () => {
  for (const [name, options] of [
    ['the app-like options', appLike],
    ['no CSP', { ...appLike, contentSecurityPolicy: false }],
    ["helmet's defaults", {}],
  ] as const) {
    it(`sets exactly what helmet itself sets on an answer (${name})`, () => {
      const byHelmet = response();
      let called = false;
      helmet(options)(new IncomingMessage(new Socket()), byHelmet, () => {
        called = true;
      });
      expect(called).toBe(true);
      const bySetter = response();
      securityHeadersSetter(options)(bySetter);
      expect(bySetter.getHeaders()).toEqual(byHelmet.getHeaders());
      expect(Object.keys(bySetter.getHeaders()).length).toBeGreaterThan(5);
    });
  }

  it('sends the CSP of the options and no Strict-Transport-Security when it is off', () => {
    const headers = new Map(
      securityHeadersOf(appLike).set.map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(headers.get('content-security-policy')).toMatch(
      /^default-src 'self';.*script-src 'self' 'sha256-abc';/,
    );
    expect(headers.has('strict-transport-security')).toBe(false);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses options whose headers depend on the request', () => {
    const nonce = () => "'nonce-x'";
    expect(() =>
      securityHeadersOf({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } }),
    ).toThrow(/per-request/);
  });
});
