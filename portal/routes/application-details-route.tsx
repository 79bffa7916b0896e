/** Route component of /agent-portal/application-details/{application_id}, loaded lazily (engine + form). */
import { useNavigate, useParams } from '@tanstack/react-router';
import { ApplicationDetailsPage } from '../features/applications/components/application-details-page.tsx';

/** Reads the checked id and renders the details page; a delete goes back to the listing. */
export default function ApplicationDetailsRoute() {
  const params = useParams({ strict: false }) as { application_id?: string };
  const navigate = useNavigate();
  return (
    <ApplicationDetailsPage
      key={params.application_id}
      applicationId={Number(params.application_id)}
      onDeleted={() => void navigate({ to: '/agent-portal' })}
    />
  );
}
