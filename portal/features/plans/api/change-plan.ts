/**
 * plans/change-plan: an admin asks to move their company to a plan. With Stripe configured the
 * answer is where to pay (a Checkout Session, or the billing portal's plan update); the company
 * changes only when Stripe confirms the payment. docs/api-accounts.md Plans and billing.
 */
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { type ApiBody, documentedCall } from '../../../lib/api-operations.ts';

/** A plan id plans/change-plan takes (server/config/plans.json). */
export type PlanId = ApiBody<'plans/change-plan'>['plan_id'];

/**
 * Asks for the plan change to `planId`; returns Stripe's page to continue on (null when the plan
 * was set at once). Throws `ApiRequestError` on failure (403 agents and customers; 422 'Unknown
 * plan.', 'Choose a company.' or online payments not set up; 502 Stripe unreachable).
 */
export async function changePlan(planId: PlanId): Promise<string | null> {
  const envelope = await documentedCall('plans/change-plan', { plan_id: planId });
  if (envelope.status !== 'success') throw new ApiRequestError(envelope);
  return envelope.data?.redirect_url ?? null;
}

/** Mutation of the plan change dialog. */
export function useChangePlan() {
  return useMutation({ mutationFn: changePlan });
}
