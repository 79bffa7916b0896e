/**
 * Self-service plan changes and the billing portal through Stripe (issue 16; SPEC §2 plans and
 * the billing-portal link). Nothing here changes a company's subscription state: Stripe's signed
 * webhooks do (stripe-events-service.ts). docs/decisions/280-payments-with-stripe-checkout.md.
 */
import type Stripe from 'stripe';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import type { StripeConfig } from '../payments/stripe-config.ts';
import type { Account } from '../repositories/accounts-repository.ts';
import { CHOOSE_A_COMPANY, requireRole } from './account-access.ts';
import type { Actor } from './actor.ts';
import { changeCompanyPlan, getCompany, UNKNOWN_PLAN } from './companies-service.ts';
import { findPlan } from './plans.ts';

export const PAYMENTS_NOT_CONFIGURED =
  'Online payments are not set up, so plans cannot be changed here. Your MGA sets your company’s plan: contact them.';
export const PLAN_NOT_FOR_SALE = 'This plan cannot be bought online yet. Contact your MGA.';
export const PAYMENT_PROVIDER_UNAVAILABLE =
  'The payment provider could not be reached. Try again in a moment.';

/** Stripe's client (null without keys), its config and the portal origin for return URLs. */
export interface Payments {
  stripe: Stripe | null;
  config: StripeConfig;
  /** Origin of the portal (PUBLIC_BASE_URL): where Stripe sends the admin back. */
  publicBaseUrl: string;
}

/** What a plan change answers: the company as it is now, and where the browser goes next (or null). */
export interface PlanChangeAnswer {
  company: unknown;
  redirect_url: string | null;
}

/** Runs a Stripe call; any failure of Stripe or the network is a 502 the admin may retry. */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new ApiError(502, PAYMENT_PROVIDER_UNAVAILABLE, null, {
      provider_error: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
    });
  }
}

/**
 * plans/change-plan. A super-admin sets their own company's plan at once (the subscription flag is
 * theirs to set in MGA management). An admin is sent to Stripe: a Checkout Session in
 * subscription mode for the plan's price, or, when the company already pays through Stripe, the
 * billing portal's plan-update flow; the company changes only when Stripe's event arrives.
 * Errors: 403 agents and customers; 422 'Choose a company.', UNKNOWN_PLAN, PAYMENTS_NOT_CONFIGURED
 * (no keys), PLAN_NOT_FOR_SALE (no price for the plan); 502 PAYMENT_PROVIDER_UNAVAILABLE.
 */
export async function changeOwnPlan(
  db: Executor,
  payments: Payments,
  actor: Actor,
  account: Account,
  planId: string,
): Promise<PlanChangeAnswer> {
  requireRole(actor, ['super-admin', 'admin']);
  const company = account.company;
  if (actor.companyId === null || !company) throw new ApiError(422, CHOOSE_A_COMPANY);
  if (!findPlan(planId)) throw new ApiError(422, UNKNOWN_PLAN, { plan_id: UNKNOWN_PLAN });
  if (actor.role === 'super-admin') {
    return { ...(await changeCompanyPlan(db, actor.companyId, planId)), redirect_url: null };
  }
  const { stripe, config, publicBaseUrl } = payments;
  if (!stripe) throw new ApiError(422, PAYMENTS_NOT_CONFIGURED);
  const price = config.prices[planId];
  if (!price) throw new ApiError(422, PLAN_NOT_FOR_SALE, { plan_id: PLAN_NOT_FOR_SALE });
  const back = `${publicBaseUrl}/dashboard/plans`;
  const { company: view } = await getCompany(db, actor, company.id);

  if (company.has_active_subscription && company.stripe_id && company.stripe_subscription_id) {
    // A second Checkout would start a second subscription: the portal updates the one there is.
    const subscriptionId = company.stripe_subscription_id;
    const customer = company.stripe_id;
    const session = await callStripe(async () => {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const item = subscription.items.data[0];
      return stripe.billingPortal.sessions.create({
        customer,
        return_url: back,
        flow_data: {
          type: 'subscription_update_confirm',
          after_completion: { type: 'redirect', redirect: { return_url: `${back}?checkout=success` } },
          subscription_update_confirm: {
            subscription: subscriptionId,
            items: [{ id: item.id, price, quantity: 1 }],
          },
        },
      });
    });
    return { company: view, redirect_url: session.url };
  }

  const metadata = { company_id: String(company.id), plan_id: planId };
  const session = await callStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      client_reference_id: String(company.id),
      metadata,
      subscription_data: { metadata },
      ...(company.stripe_id ? { customer: company.stripe_id } : { customer_email: account.user.email }),
      success_url: `${back}?checkout=success`,
      cancel_url: `${back}?checkout=cancelled`,
    }),
  );
  if (!session.url) throw new ApiError(502, PAYMENT_PROVIDER_UNAVAILABLE);
  return { company: view, redirect_url: session.url };
}

/**
 * Where GET /api/billing-portal sends the caller: for an admin or super-admin whose company is a
 * Stripe customer, a new billing-portal session (Stripe's URL, valid a few minutes); otherwise, or
 * when Stripe cannot be reached, the plans page (with `?billing=unavailable` in that last case).
 */
export async function billingPortalTarget(payments: Payments, account: Account): Promise<string> {
  const plans = '/dashboard/plans';
  const customer = account.company?.stripe_id;
  const role = account.user.role;
  if (!payments.stripe || !customer || (role !== 'admin' && role !== 'super-admin')) return plans;
  const stripe = payments.stripe;
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer,
      return_url: `${payments.publicBaseUrl}${plans}`,
    });
    return session.url;
  } catch {
    return `${plans}?billing=unavailable`;
  }
}
