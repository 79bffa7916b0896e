/** plans/list: the plans, the company's current plan and its subscription state. docs/api-accounts.md Plans. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** One plan (price in dollars per month; `max_users` null means unlimited). */
export interface Plan {
  id: string;
  name: string;
  price_monthly: number;
  max_users: number | null;
  features: string[];
}

/** `data` of plans/list. */
export interface PlansData {
  plans: Plan[];
  current_plan_id: string | null;
  has_active_subscription: boolean;
  is_trial_active: boolean;
  trial_remaining_days: number | null;
  /** Stripe keys are set: admins change plans through Stripe Checkout. */
  payments_configured: boolean;
  /** The company is a Stripe customer: the billing portal opens. */
  billing_portal_configured: boolean;
}

/** Fetches plans/list. Throws `ApiRequestError` on failure. */
export async function listPlans(): Promise<PlansData> {
  const data = await apiData<Partial<PlansData>>('plans/list');
  return {
    plans: data.plans ?? [],
    current_plan_id: data.current_plan_id ?? null,
    has_active_subscription: data.has_active_subscription === true,
    is_trial_active: data.is_trial_active === true,
    trial_remaining_days: data.trial_remaining_days ?? null,
    payments_configured: data.payments_configured === true,
    billing_portal_configured: data.billing_portal_configured === true,
  };
}

/** Query options of plans/list. */
export const plansQueryOptions = () => queryOptions({ queryKey: ['plans', 'list'], queryFn: listPlans });

/**
 * The plans page data; `awaitingPayment` (back from Stripe Checkout) re-reads it every 3 s until
 * Stripe's event has made the subscription active.
 */
export function usePlans(awaitingPayment = false) {
  return useQuery({
    ...plansQueryOptions(),
    refetchInterval: (query) =>
      awaitingPayment && !query.state.data?.has_active_subscription ? 3000 : false,
  });
}
