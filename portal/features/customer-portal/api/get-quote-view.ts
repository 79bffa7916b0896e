/**
 * customer-portal/quote-view (docs/api.md Customer portal, docs/decisions/440): the application a
 * signed `{{quote_link}}` token opens, read-only, without signing in.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentedData } from '../../../lib/api-operations.ts';
import type { ClientApplication } from './get-my-applications.ts';

/** Fetches the application of `token`. Throws `ApiRequestError` (400 malformed, 404 altered or expired). */
export async function getQuoteView(token: string): Promise<ClientApplication> {
  // Open call: no session key, and the page shows a refused link itself (no toast).
  const data = await documentedData(
    'customer-portal/quote-view',
    { token },
    { withSession: false, silent: true },
  );
  return data.application;
}

/** Query options of one quote link; a refused link is not retried. */
export const quoteViewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['customer-portal', 'quote-view', token],
    queryFn: () => getQuoteView(token),
    retry: false,
  });

/** The application of a quote link. */
export function useQuoteView(token: string) {
  return useQuery(quoteViewQueryOptions(token));
}
