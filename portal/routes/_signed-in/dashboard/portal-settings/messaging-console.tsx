/** `/dashboard/portal-settings/messaging-console` (issue 4, ADR 095). SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { MessagingConsolePage } from '../../../../features/admin/components/messaging-console-page.tsx';

export const Route = createFileRoute('/_signed-in/dashboard/portal-settings/messaging-console')({
  component: MessagingConsolePage,
});
