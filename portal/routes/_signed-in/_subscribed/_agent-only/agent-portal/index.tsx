/** `/agent-portal`: the applications listing, its filters in the search params. SPEC §2, §3 Listing state. */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  compactListingSearch,
  type ListingSearch,
  parseListingSearch,
} from '../../../../../features/applications/api/listing-search.ts';
import { ApplicationsListing } from '../../../../../features/applications/components/applications-listing.tsx';

function ListingRoute() {
  const search = parseListingSearch(Route.useSearch());
  const navigate = useNavigate();
  return (
    <ApplicationsListing
      search={search}
      onSearchChange={(next: ListingSearch) =>
        void navigate({ to: '/agent-portal', search: compactListingSearch(next), replace: true })
      }
      onCreated={(id) =>
        void navigate({
          to: '/agent-portal/application-details/$application_id',
          params: { application_id: String(id) },
        })
      }
    />
  );
}

export const Route = createFileRoute('/_signed-in/_subscribed/_agent-only/agent-portal/')({
  // Every key optional in the URL (compacted); pages re-parse to the full shape.
  validateSearch: (raw: Record<string, unknown>): Partial<ListingSearch> =>
    compactListingSearch(parseListingSearch(raw)),
  loaderDeps: ({ search }) => parseListingSearch(search),
  loader: async ({ context, deps }) => {
    const { alert: _alert, ...query } = deps;
    const [queryClient, { applicationsListQueryOptions }] = await Promise.all([
      context.loadQueryClient(),
      import('../../../../../features/applications/api/get-agent-applications-list.ts'),
    ]);
    void queryClient.prefetchQuery(applicationsListQueryOptions(query));
  },
  component: ListingRoute,
});
