/** plans/list: the plans, the company's current plan and its subscription state. docs/api-accounts.md Plans. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, documentedData } from '../../../lib/api-operations.ts';

/**
 * `data` of plans/list: the plans, the current plan, the subscription state,
 * `payments_configured` (Stripe keys set: admins change plans through Stripe Checkout) and
 * `billing_portal_configured` (the company is a Stripe customer: the billing portal opens).
 */
export type PlansData = ApiAnswer<'plans/list'>;

/** One plan (price in dollars per month; `max_users` null means unlimited). */
export type Plan = PlansData['plans'][number];

/** Fetches plans/list. Throws `ApiRequestError` on failure. */
export function listPlans(): Promise<PlansData> {
  return documentedData('plans/list', {});
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
