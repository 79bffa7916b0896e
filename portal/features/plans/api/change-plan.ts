/** plans/change-plan: an admin moves their company to a plan (activates the subscription). docs/api-accounts.md. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiCall } from '../../../lib/api-client.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import { meQueryOptions, refreshMe } from '../../../lib/me-query.ts';

/**
 * Changes the company's plan to `planId`, then re-reads auth/me so the stored company (subscription,
 * plan) and the check-subscription guard see the change. Throws `ApiRequestError` on failure
 * (403 for agents and customers, 422 'Unknown plan.' or 'Choose a company.'; toasted by the client).
 */
export async function changePlan(planId: string): Promise<void> {
  const envelope = await apiCall<{ company: Record<string, unknown> }>('plans/change-plan', {
    plan_id: planId,
  });
  if (envelope.status !== 'success') throw new ApiRequestError(envelope);
  await refreshMe().catch(() => undefined);
}

/** Mutation of the plan change dialog; plans and auth/me are re-read after it. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['plans'] });
      await queryClient.invalidateQueries({ queryKey: meQueryOptions(getAuthState().session_key).queryKey });
    },
  });
}
