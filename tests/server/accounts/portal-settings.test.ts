/**
 * Portal settings and API credentials (docs/api-accounts.md): secrets answered once or never,
 * https-only webhook, short codes, collections, E&O driving eo_expiry, company logo served.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/database.ts';
import { companies } from '../../../server/db/schema.ts';
import { dateIn } from '../../../server/services/portal-settings/banners-service.ts';
import { type AccountsFixture, accountsFixture, TINY_PNG_BASE64 } from '../helpers/accounts-fixture.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

describe.each(DATABASE_KINDS)('portal settings on %s', (kind) => {
  let t: TestApp;
  let f: AccountsFixture;
  beforeAll(async () => {
    t = await startTestApp(kind);
    f = await accountsFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (path: string, body: Record<string, unknown> = {}) =>
    t.post(path, { session_key: f.keys.admin, ...body });

  it('shows an API credential secret once and stores only its hash', async () => {
    const created = await call('api-credentials/create', { name: 'CRM sync' });
    expect(created.statusCode).toBe(200);
    const { secret, key_id, id } = created.body.data.credential;
    expect(secret).toMatch(/^sk_[0-9a-f]{64}$/);
    expect(key_id).toMatch(/^ak_[0-9a-f]{24}$/);

    const list = await call('api-credentials/list');
    const listed = list.body.data.credentials.find((c: { id: number }) => c.id === id);
    expect(listed).toMatchObject({ name: 'CRM sync', key_id, revoked_at: null });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const stored = rowsOf<{ n: number }>(
      await t.db.execute(sql`SELECT count(*)::int AS n FROM api_credentials WHERE secret_hash = ${secret}`),
    );
    expect(Number(stored[0].n)).toBe(0);

    const revoked = await call('api-credentials/revoke', { credential_id: id });
    expect(revoked.body.data.credential.revoked_at).not.toBeNull();
    expect(JSON.stringify(revoked.body)).not.toContain(secret);
    // Another company's admin cannot revoke it, even on a plan with API credentials (ADR 764).
    await t.db.update(companies).set({ plan_id: 'agency' }).where(eq(companies.id, f.otherCompanyId));
    const otherKey = await t.loginAs('otheradmin@demo.test');
    const foreign = await t.post('api-credentials/revoke', { session_key: otherKey, credential_id: id });
    expect([foreign.statusCode, foreign.body.message]).toEqual([404, 'Credential not found.']);
  });

  it('accepts only https webhook URLs and changes nothing otherwise', async () => {
    const ok = await call('portal-settings/update-webhook', {
      customer_quotes_webhook_url: 'https://hooks.example.test/q',
    });
    expect(ok.body.data.settings.customer_quotes_webhook_url).toBe('https://hooks.example.test/q');
    for (const url of [
      'http://hooks.example.test/q',
      'ftp://x.test',
      'not a url',
      'https://',
      'javascript:alert(1)',
    ]) {
      const refused = await call('portal-settings/update-webhook', { customer_quotes_webhook_url: url });
      expect([url, refused.statusCode, refused.body.message]).toEqual([
        url,
        422,
        'The webhook URL must use https.',
      ]);
      expect(refused.body.error_obj).toEqual({
        customer_quotes_webhook_url: 'The webhook URL must use https.',
      });
    }
    const after = await call('portal-settings/get');
    expect(after.body.data.settings.customer_quotes_webhook_url).toBe('https://hooks.example.test/q');
    const cleared = await call('portal-settings/update-webhook', { customer_quotes_webhook_url: null });
    expect(cleared.body.data.settings.customer_quotes_webhook_url).toBeNull();
  });

  it('stores the SMTP password but answers only has_password', async () => {
    const smtp = {
      host: 'smtp.example.test',
      port: 587,
      username: 'mailer',
      password: 'super-secret-smtp',
      from_email: 'quotes@demo.test',
      from_name: 'Demo Agency',
      secure: false,
    };
    const saved = await call('portal-settings/update-smtp', { smtp });
    expect(saved.body.data.settings.smtp).toMatchObject({ host: 'smtp.example.test', has_password: true });
    expect(JSON.stringify(saved.body)).not.toContain('super-secret-smtp');
    const { password: _omit, ...withoutPassword } = smtp;
    const kept = await call('portal-settings/update-smtp', { smtp: { ...withoutPassword, port: 2525 } });
    expect(kept.body.data.settings.smtp).toMatchObject({ port: 2525, has_password: true });
    const get = await call('portal-settings/get');
    expect(JSON.stringify(get.body)).not.toContain('super-secret-smtp');
    const cleared = await call('portal-settings/update-smtp', {
      smtp: { ...withoutPassword, password: null },
    });
    expect(cleared.body.data.settings.smtp.has_password).toBe(false);
  });

  it('refuses an unknown timezone in global and user settings', async () => {
    const global = {
      portal_name: null,
      timezone: 'Mars/Olympus',
      quote_expiry_days: 30,
      support_email: null,
      support_phone: null,
    };
    const refused = await call('portal-settings/update-global', { global });
    expect([refused.statusCode, refused.body.message]).toEqual([422, 'Unknown timezone.']);
    const ok = await call('portal-settings/update-global', {
      global: { ...global, timezone: 'America/Chicago' },
    });
    expect(ok.body.data.settings.global.timezone).toBe('America/Chicago');
    const mine = await t.post('profile/update-settings', {
      session_key: f.keys.agent,
      user_settings: { timezone: 'Nowhere/Land' },
    });
    expect(mine.statusCode).toBe(422);
    const fine = await t.post('profile/update-settings', {
      session_key: f.keys.agent,
      user_settings: { timezone: 'Europe/Paris' },
    });
    expect(fine.body.data.user_settings.timezone).toBe('Europe/Paris');
  });

  it('creates, updates and deletes template items and refuses unknown short codes', async () => {
    const created = await call('portal-settings/email-templates/create', {
      item: {
        name: 'Quote ready',
        subject: 'Quote for {{address}}',
        body: 'Dear {{first_name}}, see {{quote_link}}',
      },
    });
    const item = created.body.data.settings.email_templates.at(-1);
    expect(item).toMatchObject({ name: 'Quote ready', subject: 'Quote for {{address}}' });
    const updated = await call('portal-settings/email-templates/update', {
      item_id: item.id,
      item: { name: 'Quote ready', subject: 'New subject', body: 'Hi {{first_name}}' },
    });
    expect(
      updated.body.data.settings.email_templates.find((x: { id: number }) => x.id === item.id).subject,
    ).toBe('New subject');
    const unknown = await call('portal-settings/sms-templates/create', {
      item: { name: 'x', body: 'Hi {{nickname}}' },
    });
    expect([unknown.statusCode, unknown.body.message]).toEqual([422, 'Unknown short code: {{nickname}}.']);
    const doubled = await call('portal-settings/email-templates/create', {
      item: { name: 'x', subject: 'Quotes', body: 'From $ {{min_quote_amount}} a year' },
    });
    expect([doubled.statusCode, Object.keys(doubled.body.error_obj ?? {})]).toEqual([422, ['body']]);
    const removed = await call('portal-settings/email-templates/delete', { item_id: item.id });
    expect(removed.body.data.settings.email_templates.some((x: { id: number }) => x.id === item.id)).toBe(
      false,
    );
    const missing = await call('portal-settings/email-templates/delete', { item_id: item.id });
    expect([missing.statusCode, missing.body.message]).toEqual([404, 'Item not found.']);
    expect(created.body.data.settings.short_codes.map((s: { code: string }) => s.code)).toContain(
      '{{first_name}}',
    );
  });

  it('shows active banners to every role of the company within their dates', async () => {
    const zone = (await t.post('auth/me', { session_key: f.keys.agent })).body.data.company.timezone;
    const today = dateIn(zone, new Date());
    for (const item of [
      { message: 'Now', color: 'green', starts_on: today, ends_on: today, is_active: true },
      { message: 'Later', color: 'red', starts_on: '2999-01-01', ends_on: null, is_active: true },
      { message: 'Off', color: 'gray', starts_on: null, ends_on: null, is_active: false },
    ]) {
      expect((await call('portal-settings/banners/create', { item })).statusCode).toBe(200);
    }
    const seen = await t.post('portal-settings/active-banners', { session_key: f.keys.customer });
    expect(seen.body.data.banners.map((b: { message: string }) => b.message)).toEqual(['Now']);
    const other = await t.post('portal-settings/active-banners', {
      session_key: await t.loginAs('otheragent@demo.test'),
    });
    expect(other.body.data.banners).toEqual([]);
  });

  it("shows each banner to its audience only, with the viewer's and agency's short codes filled in", async () => {
    const ids: number[] = [];
    for (const item of [
      {
        message: 'Admins: renew E&O',
        color: 'red',
        starts_on: null,
        ends_on: null,
        is_active: true,
        audience: 'admins',
      },
      {
        message: 'Hi {{first_name}} of {{company_name}}',
        color: 'blue',
        starts_on: null,
        ends_on: null,
        is_active: true,
        audience: 'agents',
      },
      {
        message: 'Customers only',
        color: 'gray',
        starts_on: null,
        ends_on: null,
        is_active: true,
        audience: 'customers',
      },
    ]) {
      const created = await call('portal-settings/banners/create', { item });
      expect(created.statusCode).toBe(200);
      ids.push(created.body.data.settings.banners.at(-1).id);
    }
    const messagesOf = async (sessionKey: string) =>
      (await t.post('portal-settings/active-banners', { session_key: sessionKey })).body.data.banners
        .map((b: { message: string }) => b.message)
        .filter((m: string) => m !== 'Now');
    const agent = await t.post('auth/me', { session_key: f.keys.agent });
    const firstName = agent.body.data.user.name.split(' ')[0];
    expect(await messagesOf(f.keys.admin)).toEqual(['Admins: renew E&O']);
    expect(await messagesOf(f.keys.agent)).toEqual([`Hi ${firstName} of ${agent.body.data.company.name}`]);
    expect(await messagesOf(f.keys.customer)).toEqual(['Customers only']);
    const unknown = await call('portal-settings/banners/create', {
      item: {
        message: 'x',
        color: 'blue',
        starts_on: null,
        ends_on: null,
        is_active: true,
        audience: 'brokers',
      },
    });
    expect(unknown.statusCode).toBe(400);
    for (const id of ids) await call('portal-settings/banners/delete', { item_id: id });
  });

  it('gives every worker the portal name, time zone, support contacts and active application sources', async () => {
    const saved = await call('portal-settings/update-global', {
      global: {
        portal_name: 'Gulf Coast Flood Desk',
        timezone: 'America/Chicago',
        quote_expiry_days: 30,
        support_email: 'help@gulf.test',
        support_phone: '+1 305 555 0100',
      },
    });
    expect([saved.statusCode, saved.body.message]).toEqual([200, 'Settings saved.']);
    const active = await call('portal-settings/application-sources/create', {
      item: { name: 'Referral', is_active: true },
    });
    const inactive = await call('portal-settings/application-sources/create', {
      item: { name: 'Old mailer', is_active: false },
    });
    const after = (await t.post('auth/me', { session_key: f.keys.agent })).body.data.company;
    expect(after).toMatchObject({
      portal_name: 'Gulf Coast Flood Desk',
      timezone: 'America/Chicago',
      support_email: 'help@gulf.test',
      support_phone: '+1 305 555 0100',
    });
    expect(after.application_sources).toContain('Referral');
    expect(after.application_sources).not.toContain('Old mailer');
    for (const answer of [active, inactive])
      await call('portal-settings/application-sources/delete', {
        item_id: answer.body.data.settings.application_sources.at(-1).id,
      });
    await call('portal-settings/update-global', {
      global: {
        portal_name: null,
        timezone: 'America/New_York',
        quote_expiry_days: 30,
        support_email: null,
        support_phone: null,
      },
    });
  });

  it('sets E&O details that drive user.eo_expiry and the expiry days', async () => {
    const expiry = new Date(Date.now() + 10 * 86_400_000 - 3_600_000).toISOString().slice(0, 10);
    const saved = await call('portal-settings/update-eo-details', {
      eo_data: { carrier: 'E&O Mutual', policy_number: 'EO-9', expiry, limit: 2_000_000 },
    });
    expect(saved.body.data.settings.eo_data).toEqual({
      carrier: 'E&O Mutual',
      policy_number: 'EO-9',
      expiry,
      limit: 2_000_000,
    });
    const me = await t.post('auth/me', { session_key: f.keys.agent });
    expect(me.body.data.user.eo_expiry).toBe(expiry);
    expect(me.body.data.company.eo_expiry_days).toBeGreaterThanOrEqual(9);
    expect(me.body.data.company.eo_expiry_days).toBeLessThanOrEqual(10);
  });

  it("gives every worker the company's dashboard widgets (in the available order) and quote rush", async () => {
    const before = (await t.post('auth/me', { session_key: f.keys.agent })).body.data.company;
    expect(before.dashboard_widgets).toContain('quote-summary');
    expect(before.quote_rush).toEqual({ enabled: false, message: '' });
    expect(
      (await call('portal-settings/update-widgets', { widgets: { enabled: ['commission', 'alerts'] } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call('portal-settings/update-quote-rush', {
          quote_rush: { enabled: true, message: 'Storm week' },
        })
      ).statusCode,
    ).toBe(200);
    const after = (await t.post('auth/me', { session_key: f.keys.agent })).body.data.company;
    expect(after.dashboard_widgets).toEqual(['alerts', 'commission']);
    expect(after.quote_rush).toEqual({ enabled: true, message: 'Storm week' });
  });

  it('stores a company logo in the database and serves it', async () => {
    const saved = await call('companies/set-logo', {
      company_id: f.demoCompanyId,
      logo: { content_base64: TINY_PNG_BASE64, content_type: 'image/png' },
    });
    const url = saved.body.data.company.logo_url;
    expect(url).toMatch(new RegExp(`^/api/company-logos/${f.demoCompanyId}\\?v=\\d+$`));
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(TINY_PNG_BASE64, 'base64'))).toBe(true);
    const notImage = await call('companies/set-logo', {
      company_id: f.demoCompanyId,
      logo: { content_base64: Buffer.from('hello').toString('base64'), content_type: 'image/png' },
    });
    expect([notImage.statusCode, notImage.body.message]).toEqual([422, 'The logo is not a valid image.']);
    const me = await t.post('auth/me', { session_key: f.keys.agent });
    expect(me.body.data.company.logo_url).toBe(url);
  });

  it('lets a super-admin manage companies: create, plan, approved states, trial', async () => {
    const key = f.keys['super-admin'];
    const created = await t.post('companies/create', {
      session_key: key,
      name: 'New Agency',
      trial_ends_at: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      approved_states: ['fl', 'GA'],
    });
    expect(created.body.data.company).toMatchObject({
      name: 'New Agency',
      trial_remaining_days: 14,
      is_trial_active: true,
      approved_states: ['FL', 'GA'],
      user_count: 0,
    });
    const id = created.body.data.company.id;
    const plan = await t.post('companies/change-plan', {
      session_key: key,
      company_id: id,
      plan_id: 'agency',
    });
    expect(plan.body.data.company.plan).toEqual({ id: 'agency', name: 'Agency' });
    const unknownPlan = await t.post('companies/change-plan', {
      session_key: key,
      company_id: id,
      plan_id: 'gold',
    });
    expect([unknownPlan.statusCode, unknownPlan.body.message]).toEqual([422, 'Unknown plan.']);
    const list = await t.post('companies/list', { session_key: key });
    expect(list.body.data.companies.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Demo Agency', 'Other Agency', 'Expired Trial Agency', 'New Agency']),
    );
    const missing = await t.post('companies/update', { session_key: key, company_id: 999_999, name: 'X' });
    expect([missing.statusCode, missing.body.message]).toEqual([404, 'Company not found.']);
  });
});
