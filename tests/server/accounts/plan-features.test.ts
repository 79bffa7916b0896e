/**
 * Plans gate what they sell (issue 43, docs/decisions/764-plans-gate-what-they-sell.md): a Starter
 * or Pro admin can neither create a partner API key nor set up SAML (403 naming the Agency plan,
 * nothing stored); a key made on Agency stops working when the company leaves it, and SAML sign-in
 * stops taking effect (password sign-in works again); a company's removals take an area its plan
 * gives away, on the calls and in `user_accesses_final`; the seeded Starter agency reaches only what
 * Starter gives.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCredentials, companies } from '../../../server/db/schema.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../../server/db/seed-demo-data.ts';
import { PLANS } from '../../../server/services/plans.ts';
import { SAML_NOT_CONFIGURED } from '../../../server/services/saml-sign-in.ts';
import { SAML_REQUIRED_MESSAGE } from '../../../server/services/sign-in-service.ts';
import { type AccountsFixture, accountsFixture } from '../helpers/accounts-fixture.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const NO_KEYS = 'Your plan does not include API credentials. The Agency plan has it.';
const NO_SAML = 'Your plan does not include SAML sign-in. The Agency plan has it.';
const FAKE_CERT = 'MIIBszCCAVmgAwIBAgIUZmFrZS1jZXJ0aWZpY2F0ZS1mb3ItdGVzdHMwCgYIKoZIzj0EAwIw';
const SAML = { entry_point: 'https://idp.example.test/sso', issuer: 'mga-portal', idp_cert: FAKE_CERT };

describe.each(DATABASE_KINDS)('plan features on %s', (kind) => {
  let t: TestApp;
  let f: AccountsFixture;
  let otherAdminKey: string;

  /** Puts Other Agency (seeded on Starter, without additions or removals) on `planId`. */
  const putOtherOn = (planId: string, patch: { denied_permissions?: string[] } = {}) =>
    t.db
      .update(companies)
      .set({ plan_id: planId, denied_permissions: [], ...patch })
      .where(eq(companies.id, f.otherCompanyId));

  const credentialCount = async () =>
    (await t.db.select().from(apiCredentials).where(eq(apiCredentials.company_id, f.otherCompanyId))).length;

  beforeAll(async () => {
    t = await startTestApp(kind, { accounts: { publicBaseUrl: 'https://portal.example.test' } });
    f = await accountsFixture(t);
    otherAdminKey = await t.loginAs('otheradmin@demo.test');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('seeds the Starter agency with only what Starter gives, and the demo company on Agency with every area', async () => {
    const starter = PLANS.find((plan) => plan.id === 'starter')?.permissions;
    const other = await t.post('auth/me', { session_key: otherAdminKey });
    expect(other.body.data.company).toMatchObject({
      plan: { id: 'starter', name: 'Starter' },
      permissions: [],
      denied_permissions: [],
    });
    expect(other.body.data.user.user_accesses_final).toEqual(starter);
    const demo = await t.post('auth/me', { session_key: f.keys.admin });
    expect(demo.body.data.company.plan).toEqual({ id: 'agency', name: 'Agency' });
    expect(demo.body.data.user.user_accesses_final).toEqual(
      expect.arrayContaining(['reporting', 'api-credentials', 'saml']),
    );
  });

  it.each(['starter', 'pro'])(
    'refuses a %s admin a partner API key and a SAML set-up, storing nothing',
    async (planId) => {
      await putOtherOn(planId);
      const before = await credentialCount();
      const create = await t.post('api-credentials/create', {
        session_key: otherAdminKey,
        name: 'CRM',
        scopes: ['applications:read'],
      });
      expect([create.statusCode, create.body.message, create.body.data]).toEqual([403, NO_KEYS, null]);
      const list = await t.post('api-credentials/list', { session_key: otherAdminKey });
      expect([list.statusCode, list.body.message]).toEqual([403, NO_KEYS]);
      expect(await credentialCount()).toBe(before);

      const saml = await t.post('portal-settings/update-saml', { session_key: otherAdminKey, saml: SAML });
      expect([saml.statusCode, saml.body.message, saml.body.data]).toEqual([403, NO_SAML, null]);
      const settings = await t.post('portal-settings/get', { session_key: otherAdminKey });
      expect(settings.body.data.settings.saml).toBeNull();
    },
  );

  it('lets an Agency admin do both', async () => {
    await putOtherOn('agency');
    const create = await t.post('api-credentials/create', {
      session_key: otherAdminKey,
      name: 'CRM',
      scopes: ['applications:read'],
    });
    expect(create.statusCode, create.body.message).toBe(200);
    const saml = await t.post('portal-settings/update-saml', { session_key: otherAdminKey, saml: SAML });
    expect(saml.statusCode, saml.body.message).toBe(200);
    await t.post('portal-settings/update-saml', { session_key: otherAdminKey, saml: null });
  });

  it('stops a partner key when its company leaves Agency or has API credentials removed, and takes it back after', async () => {
    await putOtherOn('agency');
    const created = await t.post('api-credentials/create', {
      session_key: f.keys['super-admin'],
      company_id: f.otherCompanyId,
      name: 'Downgraded',
      scopes: ['applications:read'],
    });
    const secret: string = created.body.data.credential.secret;
    const list = () =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/agent-portal/get-agent-applications-list',
          headers: { authorization: `Bearer ${secret}` },
          payload: {},
        })
        .then((response) => [response.statusCode, response.json().message]);
    expect((await list())[0]).toBe(200);
    await putOtherOn('pro');
    expect(await list()).toEqual([403, NO_KEYS]);
    await putOtherOn('agency', { denied_permissions: ['api-credentials'] });
    expect(await list()).toEqual([403, NO_KEYS]);
    await putOtherOn('agency');
    expect((await list())[0]).toBe(200);
  });

  it('stops SAML sign-in on a plan without it: not configured, and password sign-in works again', async () => {
    await putOtherOn('agency');
    const superKey = f.keys['super-admin'];
    const saved = await t.post('portal-settings/update-saml', {
      session_key: superKey,
      company_id: f.otherCompanyId,
      saml: SAML,
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    const policy = await t.post('portal-settings/update-sign-in-policy', {
      session_key: superKey,
      company_id: f.otherCompanyId,
      sign_in_policy: { mfa_required: 'none', saml_required: true, idle_timeout_minutes: 45 },
    });
    expect(policy.statusCode, policy.body.message).toBe(200);
    const start = () => t.post('auth/saml-sso-login', { email: 'otheragent@demo.test' });
    const password = () =>
      t
        .post('auth/login', { email: 'otheragent@demo.test', password: DEFAULT_DEMO_PASSWORD })
        .then((answer) => [answer.statusCode, answer.body.message]);
    expect((await start()).body.data).toEqual({ redirect_url: `/api/auth/saml/${f.otherCompanyId}/login` });
    expect(await password()).toEqual([403, SAML_REQUIRED_MESSAGE]);

    await putOtherOn('starter');
    expect([(await start()).statusCode, (await start()).body.message]).toEqual([422, SAML_NOT_CONFIGURED]);
    expect((await password())[0]).toBe(200);
    // Back on Agency, the stored set-up takes effect again.
    await putOtherOn('agency');
    expect((await password())[0]).toBe(403);
    await t.post('portal-settings/update-sign-in-policy', {
      session_key: superKey,
      company_id: f.otherCompanyId,
      sign_in_policy: { mfa_required: 'none', saml_required: false, idle_timeout_minutes: 45 },
    });
  });

  it("takes an area its plan gives away with the company's removals, set by a super-admin in companies/update", async () => {
    const superKey = f.keys['super-admin'];
    await putOtherOn('pro');
    const reporting = () =>
      t.post('reporting/get-report', { session_key: otherAdminKey, from: '2026-11-01', to: '2026-11-30' });
    expect((await reporting()).statusCode).toBe(200);
    const updated = await t.post('companies/update', {
      session_key: superKey,
      company_id: f.otherCompanyId,
      permissions: ['saml'],
      denied_permissions: ['reporting', 'saml'],
    });
    expect(updated.statusCode, updated.body.message).toBe(200);
    expect(updated.body.data.company).toMatchObject({
      permissions: ['saml'],
      denied_permissions: ['reporting', 'saml'],
    });
    expect([(await reporting()).statusCode, (await reporting()).body.message]).toEqual([
      403,
      'Your plan does not include Reporting. The Pro plan has it.',
    ]);
    const me = await t.post('auth/me', { session_key: otherAdminKey });
    expect(me.body.data.user.user_accesses_final).not.toContain('reporting');
    expect(me.body.data.user.user_accesses_final).not.toContain('saml');
    // An admin cannot set them; an unknown area is refused.
    const byAdmin = await t.post('companies/update', {
      session_key: otherAdminKey,
      company_id: f.otherCompanyId,
      denied_permissions: [],
    });
    expect(byAdmin.statusCode).toBe(403);
    const unknown = await t.post('companies/update', {
      session_key: superKey,
      company_id: f.otherCompanyId,
      denied_permissions: ['everything'],
    });
    expect(unknown.statusCode).toBe(400);
    await t.post('companies/update', {
      session_key: superKey,
      company_id: f.otherCompanyId,
      permissions: [],
      denied_permissions: [],
    });
    expect((await reporting()).statusCode).toBe(200);
  });
});
