/** `/dashboard/portal-settings/global` (issue 4, ADR 095). SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { GlobalSettingsPage } from '../../../../features/admin/components/global-settings-page.tsx';

export const Route = createFileRoute('/_signed-in/dashboard/portal-settings/global')({
  component: GlobalSettingsPage,
});
