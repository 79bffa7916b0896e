/** Route component of /sov-quote/{carrier_id}/{application_id}, loaded lazily. SPEC §2. */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { applicationQueryKey } from '../features/applications/api/application-query-key.ts';
import { setDetailsView } from '../features/applications/stores/details-view-store.ts';
import { SovQuotePage } from '../features/sov-quote/components/sov-quote-page.tsx';

/** Reads the checked params; a submit (or Back) returns to the application's quotes view. */
export default function SovQuoteRoute() {
  const params = useParams({ strict: false }) as { carrier_id?: string; application_id?: string };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const applicationId = Number(params.application_id);
  const carrierId = params.carrier_id ?? '';

  function backToQuotes() {
    setDetailsView('quotes');
    void navigate({
      to: '/agent-portal/application-details/$application_id',
      params: { application_id: String(applicationId) },
    });
  }

  return (
    <SovQuotePage
      key={`${carrierId}/${applicationId}`}
      carrierId={carrierId}
      applicationId={applicationId}
      onBack={backToQuotes}
      onSubmitted={async () => {
        // The details page re-reads the application, with the new indicative quote in it.
        await queryClient.invalidateQueries({ queryKey: applicationQueryKey(applicationId) });
        backToQuotes();
      }}
    />
  );
}
