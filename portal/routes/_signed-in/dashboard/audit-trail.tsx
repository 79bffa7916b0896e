/** `/dashboard/audit-trail` (issue 38, ADR 753): admins their agency's events, super-admins every agency's. */
import { createFileRoute } from '@tanstack/react-router';
import { AuditTrailPage } from '../../../features/admin/components/audit-trail-page.tsx';

export const Route = createFileRoute('/_signed-in/dashboard/audit-trail')({
  component: AuditTrailPage,
});
