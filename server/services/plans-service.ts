/**
 * Plans and subscription (docs/api-accounts.md Plans and billing). Open to every role and never
 * behind the subscription guard, so a company without access can still choose a plan.
 */
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import type { Account } from '../repositories/accounts-repository.ts';
import { CHOOSE_A_COMPANY, requireRole } from './account-access.ts';
import type { Actor } from './actor.ts';
import { changeCompanyPlan } from './companies-service.ts';
import { isTrialActive, trialRemainingDays } from './company-status.ts';
import { PLANS } from './plans.ts';

/** The plans and the caller company's subscription state. */
export function listPlans(account: Account, billingPortalConfigured: boolean, now: Date = new Date()) {
  const company = account.company;
  return {
    plans: PLANS,
    current_plan_id: company?.plan_id ?? null,
    has_active_subscription: company?.has_active_subscription ?? false,
    is_trial_active: company ? isTrialActive(company, now) : false,
    trial_remaining_days: company ? trialRemainingDays(company, now) : 0,
    billing_portal_configured: billingPortalConfigured,
  };
}

/**
 * An admin changes their company's plan; without a payment provider this activates the
 * subscription (docs/decisions/083-plans-as-data-and-billing-portal.md). Super-admins without a
 * company get 422 'Choose a company.' (they use companies/change-plan); others 403.
 */
export async function changeOwnPlan(db: Executor, actor: Actor, planId: string) {
  requireRole(actor, ['super-admin', 'admin']);
  if (actor.companyId === null) throw new ApiError(422, CHOOSE_A_COMPANY);
  return changeCompanyPlan(db, actor.companyId, planId, true);
}
