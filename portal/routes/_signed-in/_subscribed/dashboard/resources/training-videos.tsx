/** `/dashboard/resources/training-videos` (issue 15, ADR 200). SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { TrainingVideosPage } from '../../../../../features/resources/components/training-videos-page.tsx';

export const Route = createFileRoute('/_signed-in/_subscribed/dashboard/resources/training-videos')({
  component: TrainingVideosPage,
});
