/** `/dashboard/portal-settings/eo-details` (issue 4, ADR 095). SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { EoDetailsPage } from '../../../../features/admin/components/eo-details-page.tsx';

export const Route = createFileRoute('/_signed-in/dashboard/portal-settings/eo-details')({
  component: EoDetailsPage,
});
