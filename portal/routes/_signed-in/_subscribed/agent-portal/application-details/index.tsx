/** `/agent-portal/application-details` with no id (SPEC §2, ADR 373): a new application's, created from here. */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { NewApplicationPage } from '../../../../../features/applications/components/new-application-page.tsx';

function NewApplicationRoute() {
  const navigate = useNavigate();
  return (
    <NewApplicationPage
      onCreated={(id) =>
        void navigate({
          to: '/agent-portal/application-details/$application_id',
          params: { application_id: String(id) },
          replace: true,
        })
      }
    />
  );
}

export const Route = createFileRoute('/_signed-in/_subscribed/agent-portal/application-details/')({
  component: NewApplicationRoute,
});
