/** `/dashboard/carrier-catalogue` (issue 43, ADR 772): carrier and connection versions, health and the draft; super-admins. */
import { createFileRoute } from '@tanstack/react-router';
import { CarrierCataloguePage } from '../../../features/admin/components/carrier-catalogue-page.tsx';

export const Route = createFileRoute('/_signed-in/dashboard/carrier-catalogue')({
  component: CarrierCataloguePage,
});
