/**
 * A full SAML sign-in (docs/decisions/085-saml-sign-in.md): a throw-away IdP key and certificate
 * (openssl), an assertion signed with xml-crypto (node-saml's own dependency), posted to the ACS.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { type AccountsFixture, accountsFixture } from '../helpers/accounts-fixture.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const BASE = 'https://portal.example.test';
const ISSUER = 'mga-portal';

function makeIdpKeys(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'saml-idp-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=idp.example.test',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function signedResponse(privateKey: string, acsUrl: string, email: string, audience = ISSUER): string {
  const now = new Date();
  const iso = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const xml =
    '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ' +
    `ID="_resp1" Version="2.0" IssueInstant="${iso(0)}" Destination="${acsUrl}">` +
    '<saml:Issuer>https://idp.example.test</saml:Issuer>' +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    `<saml:Assertion ID="_assert1" Version="2.0" IssueInstant="${iso(0)}">` +
    '<saml:Issuer>https://idp.example.test</saml:Issuer>' +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${email}</saml:NameID>` +
    '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
    `<saml:SubjectConfirmationData NotOnOrAfter="${iso(300_000)}" Recipient="${acsUrl}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(-60_000)}" NotOnOrAfter="${iso(300_000)}">` +
    `<saml:AudienceRestriction><saml:Audience>${audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="_s1"><saml:AuthnContext>` +
    '<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>' +
    '</saml:AuthnContext></saml:AuthnStatement></saml:Assertion></samlp:Response>';
  const signer = new SignedXml({
    privateKey,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return Buffer.from(signer.getSignedXml()).toString('base64');
}

describe('SAML round trip (PGlite)', () => {
  let t: TestApp;
  let f: AccountsFixture;
  let idp: { key: string; cert: string };
  let acsPath: string;
  beforeAll(async () => {
    idp = makeIdpKeys();
    t = await startTestApp('pglite', { accounts: { publicBaseUrl: BASE, mailSink: false } });
    f = await accountsFixture(t);
    acsPath = `/api/auth/saml/${f.otherCompanyId}/acs`;
    const saved = await t.post('portal-settings/update-saml', {
      session_key: f.keys['super-admin'],
      company_id: f.otherCompanyId,
      saml: { entry_point: 'https://idp.example.test/sso', issuer: ISSUER, idp_cert: idp.cert },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (samlResponse: string, path = acsPath) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `SAMLResponse=${encodeURIComponent(samlResponse)}&RelayState=`,
    });

  it("signs the company's user in and redirects with a working session key", async () => {
    const response = await post(signedResponse(idp.key, `${BASE}${acsPath}`, 'OtherAgent@demo.test'));
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), BASE);
    expect(location.pathname).toBe('/auth/saml-sso-login');
    const key = location.searchParams.get('session_key') as string;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const me = await t.post('auth/me', { session_key: key });
    expect(me.body.data.user.email).toBe('otheragent@demo.test');
  });

  it("refuses another company's user, a wrong audience and a tampered response", async () => {
    const foreign = await post(signedResponse(idp.key, `${BASE}${acsPath}`, 'agent@demo.test'));
    expect(foreign.headers.location).toBe(
      `/auth/saml-sso-login?error=${encodeURIComponent('No user of this company matches the signed-in account.')}`,
    );
    const audience = await post(
      signedResponse(idp.key, `${BASE}${acsPath}`, 'otheragent@demo.test', 'someone-else'),
    );
    expect(audience.headers.location).toBe(
      `/auth/saml-sso-login?error=${encodeURIComponent('SAML sign-in failed.')}`,
    );
    const tampered = Buffer.from(
      Buffer.from(signedResponse(idp.key, `${BASE}${acsPath}`, 'otheragent@demo.test'), 'base64')
        .toString('utf8')
        .replace('otheragent@demo.test', 'otheradmin@demo.test'),
    ).toString('base64');
    const result = await post(tampered);
    expect(result.headers.location).toBe(
      `/auth/saml-sso-login?error=${encodeURIComponent('SAML sign-in failed.')}`,
    );
  });
});
