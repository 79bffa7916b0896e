/**
 * The access matrix of issue 4: each of the four roles against every call of issue 4 and of the
 * main job (agent-portal/*), on the caller's company and on another company's records. Every cell
 * is an asserted HTTP status. Writes that destroy something get a fresh target per cell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNote } from '../../../server/repositories/notes-repository.ts';
import {
  type AccountsFixture,
  accountsFixture,
  MIAMI,
  ROLES,
  type Role,
  TINY_PNG_BASE64,
} from '../helpers/accounts-fixture.ts';
import { addAccount } from '../helpers/add-account.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

type Expected = [superAdmin: number, admin: number, agent: number, customer: number];

interface Cell {
  name: string;
  path: string;
  /** The body for a role (may create a fresh target first). session_key is added. */
  body: (role: Role) => Promise<Record<string, unknown>> | Record<string, unknown>;
  expected: Expected;
  method?: 'GET';
}

describe.each(DATABASE_KINDS)('access matrix on %s', (kind) => {
  let t: TestApp;
  let f: AccountsFixture;
  let ownAppId: number;
  let otherAppId: number;
  let ownNoteId: number;
  let otherNoteId: number;
  let sequence = 0;
  const unique = (prefix: string) => `${prefix}-${kind}-${++sequence}@matrix.test`;

  /** A new application of the demo agent (or the other company's agent). */
  async function freshApp(company: 'own' | 'other'): Promise<number> {
    const key = company === 'own' ? f.keys.agent : await t.loginAs('otheragent@demo.test');
    const result = await t.post('agent-portal/create-new-application', { session_key: key, address: MIAMI });
    expect(result.statusCode, result.body.message).toBe(200);
    return result.body.data.application.id;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    f = await accountsFixture(t);
    ownAppId = await freshApp('own');
    otherAppId = await freshApp('other');
    ownNoteId = (
      await insertNote(t.db, ownAppId, {
        is_alert: true,
        is_active: true,
        sent_by: 'agent',
        status: 'note',
        message: 'own',
      })
    ).id;
    otherNoteId = (
      await insertNote(t.db, otherAppId, {
        is_alert: true,
        is_active: true,
        sent_by: 'agent',
        status: 'note',
        message: 'other',
      })
    ).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const own =
    (extra: Record<string, unknown> = {}) =>
    () => ({ ...extra });
  const MANAGERS_OWN: Expected = [200, 200, 403, 403];
  const MANAGERS_OTHER: Expected = [200, 404, 403, 403];
  const SUPER_ONLY: Expected = [200, 403, 403, 403];
  const EVERYONE: Expected = [200, 200, 200, 200];

  const cells = (): Cell[] => [
    // Auth (issue 4)
    { name: 'auth/me', path: 'auth/me', body: own(), expected: EVERYONE },
    {
      name: 'auth/change-password (wrong current password)',
      path: 'auth/change-password',
      body: own({ current_password: 'not-the-password', password: 'new-password-1' }),
      expected: [422, 422, 422, 422],
    },
    {
      name: 'auth/switch-user to an agent of own company',
      path: 'auth/switch-user',
      body: () => ({ user_id: f.userIds['agent@demo.test'] }),
      expected: MANAGERS_OWN,
    },
    {
      name: "auth/switch-user to another company's agent",
      path: 'auth/switch-user',
      body: () => ({ user_id: f.userIds['otheragent@demo.test'] }),
      expected: MANAGERS_OTHER,
    },
    {
      name: 'auth/switch-back without a switched session',
      path: 'auth/switch-back',
      body: own({ previous_session_key: 'a'.repeat(64) }),
      expected: [422, 422, 422, 422],
    },
    {
      name: 'auth/forgot-password (open)',
      path: 'auth/forgot-password',
      body: own({ email: 'nobody@x.test' }),
      expected: EVERYONE,
    },
    {
      name: 'auth/saml-sso-login (open, not configured)',
      path: 'auth/saml-sso-login',
      body: () => ({ company_id: f.otherCompanyId }),
      expected: [422, 422, 422, 422],
    },
    { name: 'config/public (open)', path: 'config/public', body: own(), expected: EVERYONE },
    // Profile
    {
      name: 'profile/update',
      path: 'profile/update',
      body: own({ phone: '(305) 555-0100' }),
      expected: EVERYONE,
    },
    {
      name: 'profile/update-settings',
      path: 'profile/update-settings',
      body: own({ user_settings: { default_per_page: 50 } }),
      expected: EVERYONE,
    },
    // Users
    { name: 'users/list own company', path: 'users/list', body: own(), expected: MANAGERS_OWN },
    {
      name: "users/list another company's",
      path: 'users/list',
      body: () => ({ company_id: f.otherCompanyId }),
      expected: MANAGERS_OTHER,
    },
    {
      name: 'users/get own company',
      path: 'users/get',
      body: () => ({ user_id: f.userIds['agent@demo.test'] }),
      expected: MANAGERS_OWN,
    },
    {
      name: "users/get another company's",
      path: 'users/get',
      body: () => ({ user_id: f.userIds['otheragent@demo.test'] }),
      expected: MANAGERS_OTHER,
    },
    {
      name: 'users/create in own company',
      path: 'users/create',
      body: () => ({
        name: 'New Agent',
        email: unique('agent'),
        password: 'password-1',
        role: 'agent',
        company_id: f.demoCompanyId,
        licensed_states: ['FL'],
      }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'users/create in another company',
      path: 'users/create',
      body: () => ({
        name: 'New Customer',
        email: unique('customer'),
        password: 'password-1',
        role: 'customer',
        company_id: f.otherCompanyId,
      }),
      expected: SUPER_ONLY,
    },
    {
      name: 'users/update own company',
      path: 'users/update',
      body: () => ({ user_id: f.userIds['customer@demo.test'], phone: '(305) 555-0101' }),
      expected: MANAGERS_OWN,
    },
    {
      name: "users/update another company's (licensed states)",
      path: 'users/update',
      body: () => ({ user_id: f.userIds['otheragent@demo.test'], licensed_states: ['FL', 'TX'] }),
      expected: MANAGERS_OTHER,
    },
    {
      name: 'users/delete own company',
      path: 'users/delete',
      body: async () => ({
        user_id: (
          await addAccount(t.db, { email: unique('del'), role: 'customer', companyId: f.demoCompanyId })
        ).userId,
      }),
      expected: MANAGERS_OWN,
    },
    {
      name: "users/delete another company's",
      path: 'users/delete',
      body: async () => ({
        user_id: (
          await addAccount(t.db, { email: unique('del'), role: 'customer', companyId: f.otherCompanyId })
        ).userId,
      }),
      expected: MANAGERS_OTHER,
    },
    {
      name: 'users/assign-agent own company',
      path: 'users/assign-agent',
      body: () => ({ customer_user_id: f.userIds['customer@demo.test'], agent_id: f.agentIds.demo }),
      expected: MANAGERS_OWN,
    },
    {
      name: "users/assign-agent another company's",
      path: 'users/assign-agent',
      body: async () => ({
        customer_user_id: (
          await addAccount(t.db, { email: unique('cust'), role: 'customer', companyId: f.otherCompanyId })
        ).userId,
        agent_id: f.agentIds.other,
      }),
      expected: MANAGERS_OTHER,
    },
    // Companies (MGA management)
    { name: 'companies/list', path: 'companies/list', body: own(), expected: SUPER_ONLY },
    {
      name: 'companies/get own',
      path: 'companies/get',
      body: () => ({ company_id: f.demoCompanyId }),
      expected: MANAGERS_OWN,
    },
    {
      name: "companies/get another company's",
      path: 'companies/get',
      body: () => ({ company_id: f.otherCompanyId }),
      expected: MANAGERS_OTHER,
    },
    {
      name: 'companies/create',
      path: 'companies/create',
      body: () => ({ name: `Agency ${++sequence}` }),
      expected: SUPER_ONLY,
    },
    {
      name: 'companies/update own',
      path: 'companies/update',
      body: () => ({ company_id: f.demoCompanyId, has_active_subscription: true }),
      expected: SUPER_ONLY,
    },
    {
      name: "companies/update another company's",
      path: 'companies/update',
      body: () => ({ company_id: f.otherCompanyId, permissions: ['applications'] }),
      expected: SUPER_ONLY,
    },
    {
      name: 'companies/change-plan',
      path: 'companies/change-plan',
      body: () => ({ company_id: f.otherCompanyId, plan_id: 'pro' }),
      expected: SUPER_ONLY,
    },
    {
      name: 'companies/set-approved-states',
      path: 'companies/set-approved-states',
      body: () => ({ company_id: f.otherCompanyId, approved_states: ['FL', 'GA'] }),
      expected: SUPER_ONLY,
    },
    {
      name: 'companies/set-logo own',
      path: 'companies/set-logo',
      body: () => ({
        company_id: f.demoCompanyId,
        logo: { content_base64: TINY_PNG_BASE64, content_type: 'image/png' },
      }),
      expected: MANAGERS_OWN,
    },
    {
      name: "companies/set-logo another company's",
      path: 'companies/set-logo',
      body: () => ({
        company_id: f.otherCompanyId,
        logo: { content_base64: TINY_PNG_BASE64, content_type: 'image/png' },
      }),
      expected: MANAGERS_OTHER,
    },
    // Plans and billing
    { name: 'plans/list', path: 'plans/list', body: own(), expected: EVERYONE },
    {
      name: 'plans/change-plan',
      path: 'plans/change-plan',
      body: own({ plan_id: 'pro' }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'GET billing-portal',
      path: 'billing-portal',
      method: 'GET',
      body: own(),
      expected: [302, 302, 302, 302],
    },
    // Portal settings
    { name: 'portal-settings/get own', path: 'portal-settings/get', body: own(), expected: MANAGERS_OWN },
    {
      name: "portal-settings/get another company's",
      path: 'portal-settings/get',
      body: () => ({ company_id: f.otherCompanyId }),
      expected: MANAGERS_OTHER,
    },
    {
      name: 'portal-settings/update-global',
      path: 'portal-settings/update-global',
      body: own({
        global: {
          portal_name: 'Demo Portal',
          timezone: 'America/Chicago',
          quote_expiry_days: 45,
          support_email: null,
          support_phone: null,
        },
      }),
      expected: MANAGERS_OWN,
    },
    {
      name: "portal-settings/update-global another company's",
      path: 'portal-settings/update-global',
      body: () => ({
        company_id: f.otherCompanyId,
        global: {
          portal_name: 'X',
          timezone: 'UTC',
          quote_expiry_days: 10,
          support_email: null,
          support_phone: null,
        },
      }),
      expected: MANAGERS_OTHER,
    },
    {
      name: 'portal-settings/application-sources/create',
      path: 'portal-settings/application-sources/create',
      body: own({ item: { name: 'Website', is_active: true } }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'portal-settings/banners/create',
      path: 'portal-settings/banners/create',
      body: own({
        item: {
          message: 'Hello {{first_name}}',
          color: 'blue',
          starts_on: null,
          ends_on: null,
          is_active: true,
        },
      }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'portal-settings/email-templates/create',
      path: 'portal-settings/email-templates/create',
      body: own({ item: { name: 'Quote', subject: 'Your quote', body: 'Hi {{first_name}}' } }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'portal-settings/sms-templates/create',
      path: 'portal-settings/sms-templates/create',
      body: own({ item: { name: 'Quote', body: 'Hi {{first_name}}' } }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'portal-settings/sms-templates/delete (unknown item)',
      path: 'portal-settings/sms-templates/delete',
      body: own({ item_id: 999_999 }),
      expected: [404, 404, 403, 403],
    },
    {
      name: 'portal-settings/update-widgets',
      path: 'portal-settings/update-widgets',
      body: own({ widgets: { enabled: ['alerts'] } }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'portal-settings/update-quote-rush',
      path: 'portal-settings/update-quote-rush',
      body: own({ quote_rush: { enabled: true, message: 'Busy day' } }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'portal-settings/update-eo-details',
      path: 'portal-settings/update-eo-details',
      body: own({
        eo_data: { carrier: 'E&O Co', policy_number: 'P-1', expiry: '2030-01-31', limit: 1_000_000 },
      }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'portal-settings/update-smtp',
      path: 'portal-settings/update-smtp',
      body: () => ({
        company_id: f.otherCompanyId,
        smtp: {
          host: 'smtp.example.test',
          port: 587,
          username: 'u',
          password: 'p',
          from_email: 'a@example.test',
          from_name: null,
          secure: false,
        },
      }),
      expected: MANAGERS_OTHER,
    },
    {
      name: 'portal-settings/update-webhook',
      path: 'portal-settings/update-webhook',
      body: own({ customer_quotes_webhook_url: 'https://hooks.example.test/quotes' }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'portal-settings/update-api-management',
      path: 'portal-settings/update-api-management',
      body: own({ api_management: { enabled: true, allowed_origins: [], rate_limit_per_minute: 60 } }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'portal-settings/update-saml (clear)',
      path: 'portal-settings/update-saml',
      body: own({ saml: null }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'portal-settings/active-banners',
      path: 'portal-settings/active-banners',
      body: own(),
      expected: EVERYONE,
    },
    // API credentials
    { name: 'api-credentials/list own', path: 'api-credentials/list', body: own(), expected: MANAGERS_OWN },
    {
      name: "api-credentials/list another company's",
      path: 'api-credentials/list',
      body: () => ({ company_id: f.otherCompanyId }),
      expected: MANAGERS_OTHER,
    },
    {
      name: 'api-credentials/create',
      path: 'api-credentials/create',
      body: own({ name: 'CRM' }),
      expected: MANAGERS_OWN,
    },
    {
      name: 'api-credentials/revoke (unknown)',
      path: 'api-credentials/revoke',
      body: own({ credential_id: 999_999 }),
      expected: [404, 404, 403, 403],
    },
    // Main job (agent-portal/*)
    {
      name: 'agent-portal/get-agent-applications-list',
      path: 'agent-portal/get-agent-applications-list',
      body: own(),
      expected: [200, 200, 200, 403],
    },
    {
      name: 'agent-portal/get-application-by-id own company',
      path: 'agent-portal/get-application-by-id',
      body: () => ({ application_id: ownAppId }),
      expected: [200, 200, 200, 403],
    },
    {
      name: "agent-portal/get-application-by-id another company's",
      path: 'agent-portal/get-application-by-id',
      body: () => ({ application_id: otherAppId }),
      expected: [200, 404, 404, 403],
    },
    {
      name: 'agent-portal/create-new-application for own agent',
      path: 'agent-portal/create-new-application',
      body: () => ({ agent_id: f.agentIds.demo, address: MIAMI }),
      expected: [200, 200, 200, 403],
    },
    {
      name: "agent-portal/create-new-application for another company's agent",
      path: 'agent-portal/create-new-application',
      body: () => ({ agent_id: f.agentIds.other, address: MIAMI }),
      expected: [200, 403, 403, 403],
    },
    {
      name: 'agent-portal/update-application own company',
      path: 'agent-portal/update-application',
      body: () => ({ application_id: ownAppId, address_details: { first_name: 'Pat' } }),
      expected: [200, 200, 200, 403],
    },
    {
      name: "agent-portal/update-application another company's",
      path: 'agent-portal/update-application',
      body: () => ({ application_id: otherAppId, address_details: { first_name: 'Pat' } }),
      expected: [200, 404, 404, 403],
    },
    {
      name: 'agent-portal/launch-application own company (completed: 409)',
      path: 'agent-portal/launch-application',
      body: () => ({ application_id: (t.seed.applicationIds as number[])[1], address_details: {} }),
      expected: [409, 409, 409, 403],
    },
    {
      name: "agent-portal/launch-application another company's",
      path: 'agent-portal/launch-application',
      body: () => ({ application_id: otherAppId, address_details: {} }),
      // The super-admin reaches it; the address-only document is not launchable yet.
      expected: [422, 404, 404, 403],
    },
    {
      name: 'agent-portal/reset-application own company',
      path: 'agent-portal/reset-application',
      body: async () => ({ application_id: await freshApp('own') }),
      expected: [200, 200, 200, 403],
    },
    {
      name: "agent-portal/reset-application another company's",
      path: 'agent-portal/reset-application',
      body: async () => ({ application_id: await freshApp('other') }),
      expected: [200, 404, 404, 403],
    },
    {
      name: 'agent-portal/toggle-application-alert-note own company',
      path: 'agent-portal/toggle-application-alert-note',
      body: () => ({ application_id: ownAppId, note_id: ownNoteId }),
      expected: [200, 200, 200, 403],
    },
    {
      name: "agent-portal/toggle-application-alert-note another company's",
      path: 'agent-portal/toggle-application-alert-note',
      body: () => ({ application_id: otherAppId, note_id: otherNoteId }),
      expected: [200, 404, 404, 403],
    },
    {
      name: 'agent-portal/delete-application-by-id own company',
      path: 'agent-portal/delete-application-by-id',
      body: async () => ({ application_id: await freshApp('own'), delete_all_related_applications: false }),
      expected: [200, 200, 200, 403],
    },
    {
      name: "agent-portal/delete-application-by-id another company's",
      path: 'agent-portal/delete-application-by-id',
      body: async () => ({ application_id: await freshApp('other'), delete_all_related_applications: false }),
      expected: [200, 404, 404, 403],
    },
  ];

  it('answers every cell as the matrix says', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const cell of cells()) {
      for (const [index, role] of ROLES.entries()) {
        const body = { session_key: f.keys[role], ...(await cell.body(role)) };
        let status: number;
        if (cell.method === 'GET') {
          const response = await t.app.inject({
            method: 'GET',
            url: `/api/${cell.path}`,
            query: { session_key: f.keys[role] },
          });
          status = response.statusCode;
        } else {
          status = (await t.post(cell.path, body)).statusCode;
        }
        checked++;
        if (status !== cell.expected[index]) {
          mismatches.push(`${cell.name} as ${role}: expected ${cell.expected[index]}, got ${status}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(250);
  }, 120_000);

  it('publishes every call of the matrix in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const cell of cells()) {
      const operations = document.paths[`/api/${cell.path}`];
      expect(operations, cell.path).toBeDefined();
      expect(Object.keys(operations)).toContain(cell.method === 'GET' ? 'get' : 'post');
    }
  });

  it('answers 401 Invalid Details without a session key on every session call', async () => {
    const open = new Set(['auth/forgot-password', 'auth/saml-sso-login', 'config/public', 'billing-portal']);
    for (const cell of cells()) {
      if (open.has(cell.path)) continue;
      const result = await t.post(cell.path, {});
      expect([cell.path, result.statusCode, result.body.message]).toEqual([
        cell.path,
        401,
        'Invalid Details',
      ]);
    }
  });
});
