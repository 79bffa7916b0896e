/** `/dashboard/plans`: where check-subscription sends a company without access; Stripe returns with ?checkout= (issue 16). SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import type { PlansSearch } from '../../../features/plans/components/plans-page.tsx';
import { PlansPage } from '../../../features/plans/components/plans-page.tsx';

function PlansRoute() {
  return <PlansPage search={Route.useSearch()} />;
}

export const Route = createFileRoute('/_signed-in/dashboard/plans')({
  validateSearch: (raw: Record<string, unknown>): PlansSearch => ({
    ...(raw.checkout === 'success' || raw.checkout === 'cancelled' ? { checkout: raw.checkout } : {}),
    ...(raw.billing === 'unavailable' ? { billing: 'unavailable' as const } : {}),
  }),
  component: PlansRoute,
});
