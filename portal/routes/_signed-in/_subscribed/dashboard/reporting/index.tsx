/** `/dashboard/reporting` (issue 12, ADR 175): behind the subscription guard, as the application routes. SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { ReportingPage } from '../../../../../features/reporting/components/reporting-page.tsx';

export const Route = createFileRoute('/_signed-in/_subscribed/dashboard/reporting/')({
  component: ReportingPage,
});
