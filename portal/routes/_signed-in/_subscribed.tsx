/**
 * The gated layout (pathless) of the application routes, reporting, commission, resources, the
 * price predictor, bulk upload and texting. SPEC §2 Guards, §6.
 */
import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../-components/route-error.tsx';
import { checkAreaAccess } from '../-guards/check-area-access.ts';
import { checkSubscription } from '../-guards/check-subscription.ts';
import { denyCustomer } from '../-guards/deny-customer.ts';

export const Route = createFileRoute('/_signed-in/_subscribed')({
  // Customers first (issue 16): "Access denied" inside the shell, not plans or failed calls.
  // Then check-subscription: a company without subscription or trial goes to plans.
  // Then the area's access decision (issue 20): a page outside user_accesses_final is "Access denied".
  beforeLoad: (options) => {
    denyCustomer(options);
    checkSubscription(options);
    checkAreaAccess(options);
  },
  errorComponent: RouteError,
});
