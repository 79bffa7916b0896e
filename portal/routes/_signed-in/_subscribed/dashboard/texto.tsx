/** `/dashboard/texto` (issue 14): the texto layout of SPEC §2, login and subscription required. */
import { createFileRoute } from '@tanstack/react-router';
import { TextoPage } from '../../../../features/texting/components/texto-page.tsx';

export const Route = createFileRoute('/_signed-in/_subscribed/dashboard/texto')({
  component: TextoPage,
});
