/** `/dashboard/resources/carrier-resources` (issue 15, ADR 200). SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { CarrierResourcesPage } from '../../../../../features/resources/components/carrier-resources-page.tsx';

export const Route = createFileRoute('/_signed-in/_subscribed/dashboard/resources/carrier-resources')({
  component: CarrierResourcesPage,
});
