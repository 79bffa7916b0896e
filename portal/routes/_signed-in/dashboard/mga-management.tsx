/** `/dashboard/mga-management` (issue 4): the page shows its no-access state to roles other than admins and super-admins (ADR 095). SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { MgaManagementPage } from '../../../features/admin/components/mga-management-page.tsx';

export const Route = createFileRoute('/_signed-in/dashboard/mga-management')({
  component: MgaManagementPage,
});
