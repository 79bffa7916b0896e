/**
 * `/sov-quote/{carrier_id}/{application_id}`: a managed-program carrier's SOV quote of a commercial
 * application. SPEC §2 sov-quote route: the carrier id's shape and the digits are checked here; the
 * page shows the server's own 404 texts, 'Invalid Carrier' for a carrier not in the catalogue in use.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ErrorPage } from '../../../../../components/error-page.tsx';
import { applicationQueryKey } from '../../../../../features/applications/api/application-query-key.ts';
import { setDetailsView } from '../../../../../features/applications/stores/details-view-store.ts';
import { isSovQuoteNotFoundReason } from '../../../../../features/sov-quote/api/sov-quote-types.ts';
import { SovQuoteNotFound } from '../../../../../features/sov-quote/components/sov-quote-not-found.tsx';
import { SovQuotePage } from '../../../../../features/sov-quote/components/sov-quote-page.tsx';
import { RouteError } from '../../../../-components/route-error.tsx';
import { checkSovQuote } from '../../../../-guards/check-sov-quote.ts';

/** Reads the checked params; a submit (or Back) returns to the application's quotes view. */
function SovQuoteRoute() {
  const params = Route.useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const applicationId = Number(params.application_id);
  const carrierId = params.carrier_id;

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

/** The 404 of the sov-quote route: its reason when a check named one, else Page Not Found. */
function SovQuoteRouteNotFound({ data }: { data?: unknown }) {
  const reason = (data as { reason?: unknown } | undefined)?.reason;
  return isSovQuoteNotFoundReason(reason) ? <SovQuoteNotFound reason={reason} /> : <ErrorPage status={404} />;
}

export const Route = createFileRoute('/_signed-in/_subscribed/sov-quote/$carrier_id/$application_id')({
  beforeLoad: checkSovQuote,
  loader: async ({ context, params }) => {
    const [queryClient, { sovQuoteQueryOptions }] = await Promise.all([
      context.loadQueryClient(),
      import('../../../../../features/sov-quote/api/get-sov-quote.ts'),
    ]);
    void queryClient.prefetchQuery(sovQuoteQueryOptions(params.carrier_id, Number(params.application_id)));
  },
  notFoundComponent: SovQuoteRouteNotFound,
  component: SovQuoteRoute,
  errorComponent: RouteError,
});
