/**
 * Switch user and back (SPEC §3 previous_user_data) and SAML sign-in (docs/api-accounts.md):
 * the not-configured message, the redirect to the IdP, and a refused response.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../server/db/schema.ts';
import { type AccountsFixture, accountsFixture } from '../helpers/accounts-fixture.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const NOT_CONFIGURED = 'SAML sign-in is not configured for this company.';
/** Any PEM body: the redirect does not use it; the ACS refuses every response it cannot verify. */
const FAKE_CERT = 'MIIBszCCAVmgAwIBAgIUZmFrZS1jZXJ0aWZpY2F0ZS1mb3ItdGVzdHMwCgYIKoZIzj0EAwIw';

describe.each(DATABASE_KINDS)('switch user and SAML on %s', (kind) => {
  let t: TestApp;
  let f: AccountsFixture;
  beforeAll(async () => {
    t = await startTestApp(kind, { accounts: { publicBaseUrl: 'https://portal.example.test' } });
    f = await accountsFixture(t);
    // SAML sign-in takes effect on a plan that has it (ADR 764): Other Agency is seeded on Starter.
    await t.db.update(companies).set({ plan_id: 'agency' }).where(eq(companies.id, f.otherCompanyId));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets an admin act as their agent and switch back', async () => {
    const adminKey = await t.loginAs('admin@demo.test');
    const switched = await t.post('auth/switch-user', {
      session_key: adminKey,
      user_id: f.userIds['agent@demo.test'],
    });
    expect(switched.statusCode).toBe(200);
    const data = switched.body.data;
    expect(data.session_key).toMatch(/^[0-9a-f]{64}$/);
    expect(data.session_key).not.toBe(adminKey);
    expect(data.user).toMatchObject({ email: 'agent@demo.test', role: 'agent' });
    expect(data.user.agent.id).toBe(f.agentIds.demo);
    expect(data.previous_user).toMatchObject({
      session_key: adminKey,
      user: { email: 'admin@demo.test', role: 'admin' },
    });

    // The new key works as the agent; the admin's key still works too.
    const me = await t.post('auth/me', { session_key: data.session_key });
    expect(me.body.data.user.email).toBe('agent@demo.test');
    const list = await t.post('agent-portal/get-agent-applications-list', { session_key: data.session_key });
    expect(list.statusCode).toBe(200);

    const back = await t.post('auth/switch-back', {
      session_key: data.session_key,
      previous_session_key: adminKey,
    });
    expect(back.statusCode).toBe(200);
    expect(back.body.data.session_key).toBe(adminKey);
    expect(back.body.data.user.email).toBe('admin@demo.test');
    // The switched session is gone, the admin's remains.
    expect((await t.post('auth/me', { session_key: data.session_key })).statusCode).toBe(401);
    expect((await t.post('auth/me', { session_key: adminKey })).statusCode).toBe(200);
  });

  it('refuses switching back to a session the current one did not come from', async () => {
    const adminKey = await t.loginAs('admin@demo.test');
    const agentKey = await t.loginAs('agent@demo.test');
    const switched = await t.post('auth/switch-user', {
      session_key: adminKey,
      user_id: f.userIds['customer@demo.test'],
    });
    const stranger = await t.post('auth/switch-back', {
      session_key: switched.body.data.session_key,
      previous_session_key: agentKey,
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.body.message).toBe('There is no previous user to switch back to.');
    // A plain login cannot "switch back" into someone else's session either.
    const plain = await t.post('auth/switch-back', { session_key: agentKey, previous_session_key: adminKey });
    expect(plain.statusCode).toBe(422);
  });

  it('keeps admins inside their company and away from super-admins; super-admins reach anyone', async () => {
    const adminKey = await t.loginAs('admin@demo.test');
    for (const target of ['otheragent@demo.test', 'superadmin@demo.test']) {
      const result = await t.post('auth/switch-user', { session_key: adminKey, user_id: f.userIds[target] });
      expect(result.statusCode).toBe(404);
      expect(result.body.message).toBe('User not found.');
    }
    const self = await t.post('auth/switch-user', {
      session_key: adminKey,
      user_id: f.userIds['admin@demo.test'],
    });
    expect(self.statusCode).toBe(422);
    const superKey = await t.loginAs('superadmin@demo.test');
    const other = await t.post('auth/switch-user', {
      session_key: superKey,
      user_id: f.userIds['otheragent@demo.test'],
    });
    expect(other.statusCode).toBe(200);
    expect(other.body.data.company.name).toBe('Other Agency');
  });

  it('answers the clear message when SAML is not configured', async () => {
    const byCompany = await t.post('auth/saml-sso-login', { company_id: f.demoCompanyId });
    expect(byCompany.statusCode).toBe(422);
    expect(byCompany.body.message).toBe(NOT_CONFIGURED);
    const byEmail = await t.post('auth/saml-sso-login', { email: 'nobody@nowhere.test' });
    expect(byEmail.body.message).toBe(NOT_CONFIGURED);
    const redirect = await t.app.inject({ method: 'GET', url: `/api/auth/saml/${f.demoCompanyId}/login` });
    expect(redirect.statusCode).toBe(422);
    expect(redirect.json()).toMatchObject({ status: 'error', code: 422, message: NOT_CONFIGURED });
  });

  it('redirects to the configured IdP and refuses an unverifiable response', async () => {
    const superKey = await t.loginAs('superadmin@demo.test');
    const saved = await t.post('portal-settings/update-saml', {
      session_key: superKey,
      company_id: f.otherCompanyId,
      saml: { entry_point: 'https://idp.example.test/sso', issuer: 'mga-portal', idp_cert: FAKE_CERT },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data.settings.saml).toEqual({
      entry_point: 'https://idp.example.test/sso',
      issuer: 'mga-portal',
      has_idp_cert: true,
    });
    expect(JSON.stringify(saved.body)).not.toContain(FAKE_CERT);

    const start = await t.post('auth/saml-sso-login', { email: 'otheragent@demo.test' });
    expect(start.body.data).toEqual({ redirect_url: `/api/auth/saml/${f.otherCompanyId}/login` });

    const login = await t.app.inject({ method: 'GET', url: start.body.data.redirect_url });
    expect(login.statusCode).toBe(302);
    const location = new URL(String(login.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('https://idp.example.test/sso');
    expect(location.searchParams.get('SAMLRequest')).toBeTruthy();

    const acs = await t.app.inject({
      method: 'POST',
      url: `/api/auth/saml/${f.otherCompanyId}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `SAMLResponse=${encodeURIComponent(Buffer.from('<samlp:Response/>').toString('base64'))}`,
    });
    expect(acs.statusCode).toBe(302);
    expect(acs.headers.location).toBe(
      `/auth/saml-sso-login?error=${encodeURIComponent('SAML sign-in failed.')}`,
    );
  });
});
