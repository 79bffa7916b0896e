/** The agent-only layout (pathless) of SUPER_ADMIN_REDIRECTED_PATHS (ADR 090): a super-admin goes to /dashboard. */
import { createFileRoute } from '@tanstack/react-router';
import { redirectSuperAdminToDashboard } from '../../-guards/redirect-super-admin-to-dashboard.ts';

export const Route = createFileRoute('/_signed-in/_subscribed/_agent-only')({
  beforeLoad: redirectSuperAdminToDashboard,
});
