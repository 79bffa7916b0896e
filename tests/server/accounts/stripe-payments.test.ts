/**
 * Payments with Stripe (issue 16): an admin's plan change opens a Checkout Session on a local
 * fake Stripe and changes nothing; only signed webhook events change the company (checkout
 * completed, subscription updated, payment failed with the SPEC §6 fallback to the trial,
 * cancelled), each once; unsigned, badly signed and replayed events change nothing; without keys
 * the admin is refused and a super-admin sets the plan. docs/decisions/280-284.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../server/db/schema.ts';
import { INVALID_STRIPE_SIGNATURE, STRIPE_WEBHOOKS_OFF } from '../../../server/routes/plan-routes.ts';
import {
  PAYMENT_PROVIDER_UNAVAILABLE,
  PAYMENTS_NOT_CONFIGURED,
} from '../../../server/services/billing-service.ts';
import { type FakeStripe, startFakeStripe } from '../../helpers/fake-stripe-server.ts';
import { addAccount, companyOf } from '../helpers/add-account.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_portal';
const PRICES = { starter: 'price_starter_test', pro: 'price_pro_test', agency: 'price_agency_test' };
const DAY_MS = 86_400_000;

/** Stripe's helper signs a body the way Stripe signs its deliveries. */
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

describe.each(DATABASE_KINDS)('payments with Stripe on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let companyId: number;
  let adminKey: string;
  let clock = Math.floor(Date.now() / 1000) - 3600;

  /** A Stripe event of `type` about `object`, created after every earlier one (unless `created`). */
  const event = (id: string, type: string, object: Record<string, unknown>, created = ++clock) => ({
    id,
    object: 'event',
    api_version: '2025-10-29.clover',
    created,
    livemode: false,
    type,
    data: { object },
  });

  const postEvent = async (body: unknown, headers: Record<string, string> | 'sign' = 'sign') => {
    const payload = JSON.stringify(body);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        ...(headers === 'sign' ? { 'stripe-signature': sign(payload) } : headers),
      },
      payload,
    });
    return { statusCode: response.statusCode, body: response.json() };
  };

  const company = async () => {
    const [row] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    return row;
  };
  const listing = async () =>
    (await t.post('agent-portal/get-agent-applications-list', { session_key: adminKey })).statusCode;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(kind, {
      stripe: {
        secretKey: 'sk_test_portal',
        webhookSecret: WEBHOOK_SECRET,
        prices: PRICES,
        apiBaseUrl: fake.url,
      },
      accounts: { publicBaseUrl: 'https://portal.example.test', mailSink: false },
    });
    companyId = await companyOf(t.db, 'expired@demo.test');
    adminKey = await t.loginAs('expired@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends an admin to Stripe Checkout for the plan and changes nothing yet', async () => {
    const before = await company();
    const plans = await t.post('plans/list', { session_key: adminKey });
    expect(plans.body.data).toMatchObject({ payments_configured: true, billing_portal_configured: false });

    const answer = await t.post('plans/change-plan', { session_key: adminKey, plan_id: 'pro' });
    expect([answer.statusCode, answer.body.message]).toEqual([200, 'Continue to payment.']);
    expect(answer.body.data.redirect_url).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_\\d+$`));
    expect(answer.body.data.company).toMatchObject({ id: companyId, has_active_subscription: false });

    const [request] = fake.requests.slice(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      apiKey: 'sk_test_portal',
    });
    expect(request.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro_test',
      'line_items[0][quantity]': '1',
      client_reference_id: String(companyId),
      'metadata[company_id]': String(companyId),
      'metadata[plan_id]': 'pro',
      'subscription_data[metadata][plan_id]': 'pro',
      customer_email: 'expired@demo.test',
      success_url: 'https://portal.example.test/dashboard/plans?checkout=success',
      cancel_url: 'https://portal.example.test/dashboard/plans?checkout=cancelled',
    });
    expect(await company()).toEqual(before);
    expect(await listing()).toBe(402);
  });

  it('refuses agents, unknown plans and answers 502 (changing nothing) when Stripe fails', async () => {
    const agent = await addAccount(t.db, { email: 'agent@stripe.test', role: 'agent', companyId });
    expect(agent.agentId).not.toBeNull();
    const agentKey = await t.loginAs('agent@stripe.test');
    expect((await t.post('plans/change-plan', { session_key: agentKey, plan_id: 'pro' })).statusCode).toBe(
      403,
    );
    const before = await company();
    fake.failing = true;
    try {
      const failed = await t.post('plans/change-plan', { session_key: adminKey, plan_id: 'pro' });
      expect([failed.statusCode, failed.body.message]).toEqual([502, PAYMENT_PROVIDER_UNAVAILABLE]);
    } finally {
      fake.failing = false;
    }
    expect(await company()).toEqual(before);
  });

  it('refuses unsigned and badly signed events, changing nothing and recording nothing', async () => {
    const before = await company();
    const events = await t.count('stripe_events');
    const completed = event('evt_forged', 'checkout.session.completed', {
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: String(companyId),
      metadata: { company_id: String(companyId), plan_id: 'agency' },
      customer: 'cus_forged',
      subscription: 'sub_forged',
      status: 'complete',
      payment_status: 'paid',
    });
    const payload = JSON.stringify(completed);
    const refusals = [
      await postEvent(completed, {}),
      await postEvent(completed, { 'stripe-signature': sign(payload, 'whsec_someone_else') }),
      await postEvent(completed, { 'stripe-signature': 't=1,v1=deadbeef' }),
      // Signed, then altered: the signature no longer matches the bytes.
      await postEvent({ ...completed, id: 'evt_altered' }, { 'stripe-signature': sign(payload) }),
    ];
    for (const refusal of refusals) {
      expect([refusal.statusCode, refusal.body.message]).toEqual([400, INVALID_STRIPE_SIGNATURE]);
    }
    expect(await company()).toEqual(before);
    expect(await t.count('stripe_events')).toBe(events);
  });

  it('activates the company on checkout completed, once: a replay changes nothing', async () => {
    const completed = event('evt_checkout_1', 'checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: String(companyId),
      metadata: { company_id: String(companyId), plan_id: 'pro' },
      customer: 'cus_test_1',
      subscription: 'sub_test_1',
      status: 'complete',
      payment_status: 'paid',
    });
    const first = await postEvent(completed);
    expect([first.statusCode, first.body.data]).toEqual([200, { duplicate: false, company_id: companyId }]);
    expect(await company()).toMatchObject({
      plan_id: 'pro',
      has_active_subscription: true,
      stripe_id: 'cus_test_1',
      stripe_subscription_id: 'sub_test_1',
    });
    expect(await listing()).toBe(200);

    // Stripe re-sends an event it got no answer for: the second delivery is a no-op, even after
    // a super-admin changed the company meanwhile.
    await t.db.update(companies).set({ plan_id: 'starter' }).where(eq(companies.id, companyId));
    const replay = await postEvent(completed);
    expect([replay.statusCode, replay.body.message, replay.body.data.duplicate]).toEqual([
      200,
      'Event already applied.',
      true,
    ]);
    expect((await company()).plan_id).toBe('starter');
    expect(await t.count('stripe_events')).toBe(1);
  });

  it('follows subscription updates: the plan of the price, and access by status', async () => {
    const subscription = (status: string, price: string) => ({
      id: 'sub_test_1',
      object: 'subscription',
      customer: 'cus_test_1',
      status,
      items: { object: 'list', data: [{ id: 'si_test_1', price: { id: price } }] },
    });
    await postEvent(
      event('evt_sub_1', 'customer.subscription.updated', subscription('active', PRICES.agency)),
    );
    expect(await company()).toMatchObject({ plan_id: 'agency', has_active_subscription: true });

    // An event created before the last one applied arrives late: it does not undo the newer state.
    const late = await postEvent(
      event(
        'evt_sub_old',
        'customer.subscription.updated',
        subscription('past_due', PRICES.starter),
        clock - 100,
      ),
    );
    expect(late.statusCode).toBe(200);
    expect(await company()).toMatchObject({ plan_id: 'agency', has_active_subscription: true });

    // With a subscription in place, a plan change goes through the billing portal's update flow.
    fake.subscriptionPrice = PRICES.agency;
    const change = await t.post('plans/change-plan', { session_key: adminKey, plan_id: 'starter' });
    expect(change.body.data.redirect_url).toMatch(new RegExp(`^${fake.url}/p/session/`));
    const [retrieve, portal] = fake.requests.slice(-2);
    expect([retrieve.method, retrieve.path]).toEqual(['GET', '/v1/subscriptions/sub_test_1']);
    expect(portal.path).toBe('/v1/billing_portal/sessions');
    expect(portal.form).toMatchObject({
      customer: 'cus_test_1',
      'flow_data[type]': 'subscription_update_confirm',
      'flow_data[subscription_update_confirm][subscription]': 'sub_test_1',
      'flow_data[subscription_update_confirm][items][0][id]': 'si_test_1',
      'flow_data[subscription_update_confirm][items][0][price]': PRICES.starter,
    });
    expect((await company()).plan_id).toBe('agency');
  });

  it('opens Stripe’s billing portal for a paying company’s admin, the plans page for others', async () => {
    const get = (key: string) =>
      t.app.inject({ method: 'GET', url: '/api/billing-portal', query: { session_key: key } });
    const admin = await get(adminKey);
    expect(admin.statusCode).toBe(302);
    expect(admin.headers.location).toMatch(new RegExp(`^${fake.url}/p/session/bps_test_\\d+$`));
    expect(fake.requests.at(-1)?.form).toEqual({
      customer: 'cus_test_1',
      return_url: 'https://portal.example.test/dashboard/plans',
    });
    const agent = await get(await t.loginAs('agent@stripe.test'));
    expect(agent.headers.location).toBe('/dashboard/plans');
    const otherAdmin = await get(await t.loginAs('admin@demo.test'));
    expect(otherAdmin.headers.location).toBe('/dashboard/plans');
    fake.failing = true;
    try {
      expect((await get(adminKey)).headers.location).toBe('/dashboard/plans?billing=unavailable');
    } finally {
      fake.failing = false;
    }
    const plans = await t.post('plans/list', { session_key: adminKey });
    expect(plans.body.data.billing_portal_configured).toBe(true);
  });

  it('falls back on a failed payment: to the trial while it lasts, else to no access (SPEC §6)', async () => {
    const failed = (id: string) =>
      event(id, 'invoice.payment_failed', { id: `in_${id}`, object: 'invoice', customer: 'cus_test_1' });
    await t.db
      .update(companies)
      .set({ trial_ends_at: new Date(Date.now() + 5 * DAY_MS) })
      .where(eq(companies.id, companyId));
    expect((await postEvent(failed('evt_failed_1'))).statusCode).toBe(200);
    expect((await company()).has_active_subscription).toBe(false);
    expect(await listing()).toBe(200);
    const me = await t.post('auth/me', { session_key: adminKey });
    expect(me.body.data.company).toMatchObject({ is_trial_active: true, has_active_subscription: false });

    // Paid again: Stripe reports the subscription active.
    await postEvent(
      event('evt_sub_2', 'customer.subscription.updated', {
        id: 'sub_test_1',
        object: 'subscription',
        customer: 'cus_test_1',
        status: 'active',
        items: { data: [{ price: { id: PRICES.agency } }] },
      }),
    );
    expect((await company()).has_active_subscription).toBe(true);

    await t.db.update(companies).set({ trial_ends_at: null }).where(eq(companies.id, companyId));
    await postEvent(failed('evt_failed_2'));
    expect(await listing()).toBe(402);
  });

  it('ends the subscription on customer.subscription.deleted, keeping the plan named', async () => {
    await postEvent(
      event('evt_sub_3', 'customer.subscription.updated', {
        id: 'sub_test_1',
        object: 'subscription',
        customer: 'cus_test_1',
        status: 'active',
        items: { data: [{ price: { id: PRICES.pro } }] },
      }),
    );
    expect(await listing()).toBe(200);
    const deleted = await postEvent(
      event('evt_deleted', 'customer.subscription.deleted', {
        id: 'sub_test_1',
        object: 'subscription',
        customer: 'cus_test_1',
        status: 'canceled',
      }),
    );
    expect(deleted.body.data).toEqual({ duplicate: false, company_id: companyId });
    expect(await company()).toMatchObject({
      plan_id: 'pro',
      has_active_subscription: false,
      stripe_subscription_id: null,
      stripe_id: 'cus_test_1',
    });
    expect(await listing()).toBe(402);
    const plans = await t.post('plans/list', { session_key: adminKey });
    expect(plans.body.data).toMatchObject({ current_plan_id: 'pro', has_active_subscription: false });
  });

  it('records events about no company of ours, and other types, without a change', async () => {
    const before = await company();
    const stranger = await postEvent(
      event('evt_stranger', 'invoice.payment_failed', { object: 'invoice', customer: 'cus_unknown' }),
    );
    const other = await postEvent(
      event('evt_other', 'customer.created', { object: 'customer', id: 'cus_x' }),
    );
    expect([stranger.body.data, other.body.data]).toEqual([
      { duplicate: false, company_id: null },
      { duplicate: false, company_id: null },
    ]);
    expect(await company()).toEqual(before);
  });
});

describe.each(DATABASE_KINDS)('plans without Stripe keys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { accounts: { mailSink: false } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses self-service plan changes with a clear message, and every webhook', async () => {
    const key = await t.loginAs('expired@demo.test');
    const companyId = await companyOf(t.db, 'expired@demo.test');
    const [before] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    const plans = await t.post('plans/list', { session_key: key });
    expect(plans.body.data).toMatchObject({ payments_configured: false, billing_portal_configured: false });
    const refused = await t.post('plans/change-plan', { session_key: key, plan_id: 'starter' });
    expect([refused.statusCode, refused.body.message, refused.body.data]).toEqual([
      422,
      PAYMENTS_NOT_CONFIGURED,
      null,
    ]);
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created', created: 1 });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      payload,
    });
    expect([webhook.statusCode, webhook.json().message]).toEqual([400, STRIPE_WEBHOOKS_OFF]);
    const [after] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(after).toEqual(before);
    expect(await t.count('stripe_events')).toBe(0);
  });

  it('lets a super-admin set a company’s plan, leaving its subscription state to them', async () => {
    const superKey = await t.loginAs('superadmin@demo.test');
    const companyId = await companyOf(t.db, 'expired@demo.test');
    const changed = await t.post('companies/change-plan', {
      session_key: superKey,
      company_id: companyId,
      plan_id: 'agency',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body.data.company).toMatchObject({
      plan: { id: 'agency', name: 'Agency' },
      has_active_subscription: false,
    });
    const key = await t.loginAs('expired@demo.test');
    expect((await t.post('plans/list', { session_key: key })).body.data.current_plan_id).toBe('agency');

    // A super-admin's own plan change is set at once, with no payment.
    const own = await t.post('plans/change-plan', { session_key: superKey, plan_id: 'starter' });
    expect([own.statusCode, own.body.message, own.body.data.redirect_url]).toEqual([
      200,
      'Plan changed.',
      null,
    ]);
    expect(own.body.data.company.plan).toEqual({ id: 'starter', name: 'Starter' });
  });
});
