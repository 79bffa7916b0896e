/** get-application-by-id: fetcher, query options and hook. SPEC §7, docs/api.md. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { QUOTES_POLL_INTERVAL_MS } from '../../../lib/constants.ts';
import type { Application } from './application-types.ts';

/** Fetches one application by its numeric id. Throws `ApiRequestError` on an error answer. */
export async function getApplicationById(
  applicationId: number,
  options: { silent?: boolean } = {},
): Promise<Application> {
  const data = await apiData<{ application: Application }>(
    'agent-portal/get-application-by-id',
    { application_id: applicationId },
    { silent: options.silent },
  );
  return data.application;
}

/** Query key of one application. */
export const applicationQueryKey = (applicationId: number) =>
  ['applications', 'detail', applicationId] as const;

/** Query options of one application; polls every 1 s while its status is launched (quotes coming in), silently. */
export function applicationQueryOptions(applicationId: number) {
  return queryOptions({
    queryKey: applicationQueryKey(applicationId),
    // Refetches (the 1 s polling) are silent: a flaky second must not toast every second.
    queryFn: ({ client, queryKey }) =>
      getApplicationById(applicationId, { silent: client.getQueryData(queryKey) !== undefined }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'launched' ? QUOTES_POLL_INTERVAL_MS : false),
  });
}

/** The application with the given id. */
export function useApplication(applicationId: number) {
  return useQuery(applicationQueryOptions(applicationId));
}
