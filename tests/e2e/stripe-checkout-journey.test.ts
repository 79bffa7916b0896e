/**
 * Payments with Stripe in Chromium (issue 16): the expired-trial admin chooses Pro on the plans
 * page and the browser is sent to the Checkout Session URL the (local, fake) Stripe answered;
 * nothing is active until a signed checkout.session.completed reaches the webhook, after which the
 * page Stripe returns to shows the subscription active. axe-core finds no serious violation on
 * the plans page, the dialog and the return page, light and dark. Screenshots: stripe-plans.png,
 * stripe-plan-change-dialog.png, stripe-checkout-return.png, stripe-checkout-return-dark.png.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../helpers/fake-stripe-server.ts';
import { seriousAxeViolations } from './axe-violations.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const WEBHOOK_SECRET = 'whsec_e2e_portal';
const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';

describe('plan change through Stripe Checkout in Chromium', () => {
  let portal: RunningPortal;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    portal = await startPortal(
      {
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_STARTER: 'price_starter_e2e',
        STRIPE_PRICE_PRO: 'price_pro_e2e',
        STRIPE_PRICE_AGENCY: 'price_agency_e2e',
        STRIPE_API_BASE_URL: fake.url,
      },
      // A machine shared by many suites may take minutes to start the server.
      5 * 60_000,
    );
  }, 6 * 60_000);
  afterAll(async () => {
    await portal?.stop();
    await fake?.close();
  });

  it('sends the admin to Checkout, and shows the subscription active once Stripe’s event arrives', async () => {
    // bypassCSP: axe-core is injected as a script tag (STACK-NOTES, tests only).
    const page = await portal.newPage({ bypassCSP: true });
    await portal.signIn(page, 'expired@demo.test');
    await page.goto(`${portal.baseUrl}/dashboard/plans`);
    await page.getByRole('button', { name: 'Choose Pro' }).waitFor();
    await page.getByText('Subscription required').waitFor();
    await page.waitForLoadState('networkidle');
    await portal.screenshot(page, 'stripe-plans');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Choose Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change plan' });
    await dialog.getByText('Your plan changes as soon as Stripe confirms the payment.').waitFor();
    await portal.screenshot(page, 'stripe-plan-change-dialog', false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(new RegExp(`^${fake.url}/c/pay/cs_test_\\d+$`));
    await page.getByRole('heading', { name: 'Fake Stripe page' }).waitFor();

    const [checkout] = fake.requests;
    expect(checkout).toMatchObject({ path: '/v1/checkout/sessions', apiKey: 'sk_test_e2e' });
    expect(checkout.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro_e2e',
      customer_email: 'expired@demo.test',
    });
    expect(checkout.form.success_url).toMatch(/\/dashboard\/plans\?checkout=success$/);

    // Stripe's event, signed with the endpoint's secret, as Stripe would deliver it.
    const payload = JSON.stringify({
      id: 'evt_e2e_checkout',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: checkout.form.client_reference_id,
          metadata: { company_id: checkout.form.client_reference_id, plan_id: 'pro' },
          customer: 'cus_e2e',
          subscription: 'sub_e2e',
          status: 'complete',
          payment_status: 'paid',
        },
      },
    });
    const delivered = await fetch(`${portal.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(delivered.status).toBe(200);

    await page.goto(checkout.form.success_url.replace(/^https?:\/\/[^/]+/, portal.baseUrl));
    await page.getByText('Stripe confirmed your payment: your subscription is active.').waitFor();
    await page.getByText('Subscription: Active').waitFor();
    await page.getByLabel('Plan Pro').getByText('Current plan').waitFor();
    await page.waitForLoadState('networkidle');
    await portal.screenshot(page, 'stripe-checkout-return');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.evaluate((key) => localStorage.setItem(key, 'dark'), COLOR_SCHEME_KEY);
    await page.reload();
    await page.getByText('Stripe confirmed your payment: your subscription is active.').waitFor();
    await page.waitForLoadState('networkidle');
    await portal.screenshot(page, 'stripe-checkout-return-dark');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
