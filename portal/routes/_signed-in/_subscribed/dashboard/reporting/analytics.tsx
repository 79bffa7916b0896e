/** `/dashboard/reporting/analytics` (issue 12). SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../../../../features/reporting/components/analytics-page.tsx';

export const Route = createFileRoute('/_signed-in/_subscribed/dashboard/reporting/analytics')({
  component: AnalyticsPage,
});
