/** get-agent-applications-list: fetcher, query options and hook. SPEC §7, docs/api.md. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { documentedData } from '../../../lib/api-operations.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import { listingPerPage } from '../../../lib/user-settings.ts';
import type { ApplicationsListData } from './application-types.ts';
import type { ListingSearch } from './listing-search.ts';

/** The backend part of a listing search (the alert filter is applied in the browser). */
export type ListingQuery = Omit<ListingSearch, 'alert'>;

/**
 * Fetches one page of the agent's applications with the backend filters. Throws `ApiRequestError`
 * on an error answer. SPEC §7 (per_page: the user's rows-per-page setting, 25 by default, §9).
 */
export function getAgentApplicationsList(
  query: ListingQuery,
  perPage: number = listingPerPage(),
): Promise<ApplicationsListData> {
  const user = getAuthState().user;
  const agentId = user?.agent?.id ?? null;
  return documentedData(
    'agent-portal/get-agent-applications-list',
    {
      agent_id: agentId,
      customer_id: user?.customer_id ?? null,
      application_source: query.application_source || null,
      filters: {
        address: query.address,
        application_id: query.application_id,
        agent_id: agentId,
        client_name_id: query.client_name_id,
        application_source: query.application_source,
        carrier_quote_type: query.carrier_quote_type,
      },
    },
    { query: `?page=${query.page}&per_page=${perPage}` },
  );
}

/** Query options of one listing page. */
export function applicationsListQueryOptions(query: ListingQuery, perPage: number = listingPerPage()) {
  return queryOptions({
    queryKey: ['applications', 'list', query, perPage],
    queryFn: () => getAgentApplicationsList(query, perPage),
    placeholderData: keepPreviousData,
  });
}

/** The listing page for `query`, keeping the previous page visible while the next loads. */
export function useApplicationsList(query: ListingQuery, perPage: number = listingPerPage()) {
  return useQuery(applicationsListQueryOptions(query, perPage));
}
