/**
 * The passkeys' relying party (ADR 754): WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN as read from the
 * environment, and without them the request's own origin and host name.
 */
import { describe, expect, it } from 'vitest';
import { relyingPartyConfigFromEnv, relyingPartyOf } from '../../../server/auth/webauthn-relying-party.ts';
import { readSettings } from '../../../server/settings/settings.ts';

const UNSET = { rpId: null, origin: null };

describe('the WebAuthn relying party', () => {
  it('is the request’s origin and host name when nothing is configured', () => {
    expect(relyingPartyOf(UNSET, { protocol: 'http', host: 'localhost:3000' })).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:3000',
    });
    // The default port is not part of an origin, as the browser writes it.
    expect(relyingPartyOf(UNSET, { protocol: 'https', host: 'portal.example.com:443' })).toEqual({
      rpID: 'portal.example.com',
      origin: 'https://portal.example.com',
    });
    expect(relyingPartyOf(UNSET, { protocol: 'http', host: undefined })).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost',
    });
    expect(relyingPartyOf(UNSET, { protocol: 'http', host: 'not a host' }).origin).toBe('http://localhost');
  });

  it('takes WEBAUTHN_ORIGIN and WEBAUTHN_RP_ID from the environment over the request', () => {
    const request = { protocol: 'http', host: '10.0.0.5:3000' };
    const originOnly = relyingPartyConfigFromEnv(
      readSettings({ WEBAUTHN_ORIGIN: 'https://app.agency.example/' }),
    );
    expect(relyingPartyOf(originOnly, request)).toEqual({
      rpID: 'app.agency.example',
      origin: 'https://app.agency.example',
    });
    const both = relyingPartyConfigFromEnv(
      readSettings({ WEBAUTHN_ORIGIN: 'https://app.agency.example', WEBAUTHN_RP_ID: 'agency.example' }),
    );
    expect(relyingPartyOf(both, request)).toEqual({
      rpID: 'agency.example',
      origin: 'https://app.agency.example',
    });
    const idOnly = relyingPartyConfigFromEnv(readSettings({ WEBAUTHN_RP_ID: 'localhost' }));
    expect(relyingPartyOf(idOnly, { protocol: 'http', host: 'localhost:5173' })).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:5173',
    });
    expect(relyingPartyConfigFromEnv(readSettings({}))).toEqual(UNSET);
  });

  it('refuses an IP address or a URL as WEBAUTHN_RP_ID and a non-URL as WEBAUTHN_ORIGIN', () => {
    expect(() => readSettings({ WEBAUTHN_RP_ID: '127.0.0.1' })).toThrow(
      /WEBAUTHN_RP_ID=127.0.0.1 is not valid/,
    );
    expect(() => readSettings({ WEBAUTHN_RP_ID: 'https://portal.example.com' })).toThrow(/WEBAUTHN_RP_ID/);
    expect(() => readSettings({ WEBAUTHN_ORIGIN: 'portal.example.com' })).toThrow(/WEBAUTHN_ORIGIN/);
  });
});
