/**
 * A full SAML sign-in (docs/decisions/085-saml-sign-in.md): a throw-away IdP key and certificate
 * (openssl), an assertion signed with xml-crypto (node-saml's own dependency), posted to the ACS,
 * whose redirect carries a one-time code and no session key; auth/saml-sso-complete spends the
 * code once, within its two minutes, for the session and its cookie (ADR 748). PGlite and PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { hashSessionKey } from '../../../server/auth/session-key.ts';
import { companies } from '../../../server/db/schema.ts';
import { signInCodes } from '../../../server/db/sign-in-security-schema.ts';
import { SESSION_COOKIE } from '../../../server/http/session-cookie.ts';
import { SAML_CODE_EXPIRED } from '../../../server/services/saml-sign-in.ts';
import { type AccountsFixture, accountsFixture } from '../helpers/accounts-fixture.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

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

describe.each(DATABASE_KINDS)('SAML round trip on %s', (kind) => {
  let t: TestApp;
  let f: AccountsFixture;
  let idp: { key: string; cert: string };
  let acsPath: string;
  beforeAll(async () => {
    idp = makeIdpKeys();
    t = await startTestApp(kind, { accounts: { publicBaseUrl: BASE, mailSink: false } });
    f = await accountsFixture(t);
    acsPath = `/api/auth/saml/${f.otherCompanyId}/acs`;
    // SAML sign-in takes effect on a plan that has it (ADR 764): Other Agency is seeded on Starter.
    await t.db.update(companies).set({ plan_id: 'agency' }).where(eq(companies.id, f.otherCompanyId));
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

  /** A successful assertion's return: the one-time code of its Location. */
  async function returnCode(): Promise<string> {
    const response = await post(signedResponse(idp.key, `${BASE}${acsPath}`, 'OtherAgent@demo.test'));
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), BASE);
    expect(location.pathname).toBe('/auth/saml-sso-login');
    // The code only: no session key travels in the redirect.
    expect([...location.searchParams.keys()]).toEqual(['code']);
    return location.searchParams.get('code') as string;
  }

  const complete = (code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/saml-sso-complete',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
      payload: { code },
    });

  it("signs the company's user in through a one-time code, spent once for the session and its cookie", async () => {
    const code = await returnCode();
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    // The code is not a session key.
    expect((await t.post('auth/me', { session_key: code })).statusCode).toBe(401);
    const done = await complete(code);
    expect(done.statusCode).toBe(200);
    const { session_key: key, user } = done.json().data;
    expect(user.email).toBe('otheragent@demo.test');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(String(done.headers['set-cookie'])).toMatch(
      new RegExp(`^${SESSION_COOKIE}=${key}; Path=/api; Max-Age=43200; HttpOnly; SameSite=Strict$`),
    );
    // The session was signed in from the browser that spent the code, as the session list shows.
    const listed = await t.post('auth/sessions/list', { session_key: key });
    expect(listed.body.data.sessions.find((s: { current: boolean }) => s.current).browser).toBe(
      'Chrome 120 on Linux',
    );
    const again = await complete(code);
    expect([again.statusCode, again.json().message]).toEqual([401, SAML_CODE_EXPIRED]);
    expect(String(again.headers['set-cookie'] ?? '')).toBe('');
  });

  it('refuses a code past its two minutes and a made-up one', async () => {
    const code = await returnCode();
    await t.db
      .update(signInCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(signInCodes.code_hash, hashSessionKey(code)));
    const late = await complete(code);
    expect([late.statusCode, late.json().message]).toEqual([401, SAML_CODE_EXPIRED]);
    const madeUp = await complete('f'.repeat(64));
    expect([madeUp.statusCode, madeUp.json().message]).toEqual([401, SAML_CODE_EXPIRED]);
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
