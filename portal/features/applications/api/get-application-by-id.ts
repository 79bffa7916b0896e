/** get-application-by-id: fetcher, query options and hook. SPEC §7, docs/api.md. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiData } from '../../../lib/api-client.ts';
import type { ApiAnswer } from '../../../lib/api-operations.ts';
import { QUOTES_POLL_INTERVAL_MS } from '../../../lib/constants.ts';
import { applicationQueryKey } from './application-query-key.ts';
import type { Application } from './application-types.ts';
import { useLiveQuotes } from './live-quotes.ts';

/** The standard path of get-application-by-id under the API base. SPEC §7. */
export const GET_APPLICATION_BY_ID_PATH = 'agent-portal/get-application-by-id';

/**
 * Where get-application-by-id is called (SPEC §7 "endpoint can be overridden"): the build
 * configuration `VITE_GET_APPLICATION_BY_ID_ENDPOINT` when set (a path under the API base, or an
 * absolute http(s) URL), else the standard path. docs/decisions/430-get-application-by-id-endpoint-override.md.
 */
export function getApplicationByIdEndpoint(
  override: string | undefined = import.meta.env.VITE_GET_APPLICATION_BY_ID_ENDPOINT,
): string {
  return override?.trim() || GET_APPLICATION_BY_ID_PATH;
}

/**
 * Fetches one application by its numeric id at `getApplicationByIdEndpoint()`. Throws
 * `ApiRequestError` on an error answer.
 */
export async function getApplicationById(
  applicationId: number,
  options: { silent?: boolean } = {},
): Promise<Application> {
  // The overridable path (SPEC §7) is a string, so the answer type is named here.
  const data = await apiData<ApiAnswer<'agent-portal/get-application-by-id'>>(
    getApplicationByIdEndpoint(),
    { application_id: applicationId },
    { silent: options.silent },
  );
  return data.application;
}

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

/**
 * The application with the given id. While it is launched its quotes arrive on the live quotes
 * stream (live-quotes.ts); the query polls only while that stream is down.
 */
export function useApplication(applicationId: number) {
  const [streaming, setStreaming] = useState(false);
  const query = useQuery({
    ...applicationQueryOptions(applicationId),
    refetchInterval: (current) =>
      current.state.data?.status === 'launched' && !streaming ? QUOTES_POLL_INTERVAL_MS : false,
  });
  useLiveQuotes(applicationId, query.data?.status === 'launched', setStreaming);
  return query;
}
