/** config/public (open): portal configuration the server publishes. docs/api-accounts.md Open configuration. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, documentedData } from './api-operations.ts';

/** `data` of config/public. `chat_widget_url` is present only when the server has one configured. */
export type PublicConfig = ApiAnswer<'config/public'>;

/** Fetches config/public without a session and silently (a missing config must not toast on every page). */
export function getPublicConfig(): Promise<PublicConfig> {
  return documentedData('config/public', {}, { withSession: false, silent: true });
}

/** Query options of config/public: read once per page load. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'public'],
    queryFn: getPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The public configuration (undefined while loading or after an error). */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
