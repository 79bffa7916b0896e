/** sov/get-sov-quote: fetcher, query options and hook. SPEC §2 sov-quote route, docs/api.md (issue 3). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentedData } from '../../../lib/api-operations.ts';
import { isSovQuoteNotFoundReason, type SovQuoteData } from './sov-quote-types.ts';

/**
 * Fetches the SOV carrier, the application and its statement of values. Throws `ApiRequestError`
 * on an error answer; the three 404 texts are not toasted because the page itself shows them.
 */
export function getSovQuote(carrierId: string, applicationId: number): Promise<SovQuoteData> {
  return documentedData(
    'sov/get-sov-quote',
    { carrier_id: carrierId, application_id: applicationId },
    { suppressToast: (envelope) => envelope.code === 404 && isSovQuoteNotFoundReason(envelope.message) },
  );
}

/** Query key of one sov-quote page. */
export const sovQuoteQueryKey = (carrierId: string, applicationId: number) =>
  ['sov-quote', carrierId, applicationId] as const;

/** Query options of one sov-quote page. */
export function sovQuoteQueryOptions(carrierId: string, applicationId: number) {
  return queryOptions({
    queryKey: sovQuoteQueryKey(carrierId, applicationId),
    queryFn: () => getSovQuote(carrierId, applicationId),
    staleTime: 0,
  });
}

/** The sov-quote data of `carrierId` and `applicationId`. */
export function useSovQuote(carrierId: string, applicationId: number) {
  return useQuery(sovQuoteQueryOptions(carrierId, applicationId));
}
