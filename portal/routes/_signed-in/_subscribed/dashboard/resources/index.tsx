/** `/dashboard/resources` (issue 15, ADR 200): the landing page of carrier resources and training videos. SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { ResourcesPage } from '../../../../../features/resources/components/resources-page.tsx';

export const Route = createFileRoute('/_signed-in/_subscribed/dashboard/resources/')({
  component: ResourcesPage,
});
