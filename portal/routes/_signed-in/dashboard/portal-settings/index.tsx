/** `/dashboard/portal-settings` (issue 4, ADR 095): admins and super-admins. SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { PortalSettingsPage } from '../../../../features/admin/components/portal-settings-page.tsx';

export const Route = createFileRoute('/_signed-in/dashboard/portal-settings/')({
  component: PortalSettingsPage,
});
