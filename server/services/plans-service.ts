/**
 * Plans and subscription (docs/api-accounts.md Plans and billing). Open to every role and never
 * behind the subscription guard, so a company without access can still choose a plan.
 */
import type { Account } from '../repositories/accounts-repository.ts';
import { isTrialActive, trialRemainingDays } from './company-status.ts';
import { PLANS } from './plans.ts';

/**
 * The plans and the caller company's subscription state. `paymentsConfigured`: Stripe keys are
 * set, so admins change plans through Checkout; the billing portal opens once the company is a
 * Stripe customer (docs/decisions/280-payments-with-stripe-checkout.md).
 */
export function listPlans(account: Account, paymentsConfigured: boolean, now: Date = new Date()) {
  const company = account.company;
  return {
    plans: PLANS,
    current_plan_id: company?.plan_id ?? null,
    has_active_subscription: company?.has_active_subscription ?? false,
    is_trial_active: company ? isTrialActive(company, now) : false,
    trial_remaining_days: company ? trialRemainingDays(company, now) : 0,
    payments_configured: paymentsConfigured,
    billing_portal_configured: paymentsConfigured && Boolean(company?.stripe_id),
  };
}
