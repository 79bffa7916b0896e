/** portal-settings/active-banners: the dynamic banners for the signed-in user. docs/api-accounts.md. */
import { queryOptions } from '@tanstack/react-query';
import { documentedData } from './api-operations.ts';

/** Query key of the active banners (settings writes of the own company invalidate it). */
export const ACTIVE_BANNERS_QUERY_KEY = ['portal-settings', 'active-banners'] as const;

/** Query options of the active banners; `enabled` only for users with a company. Kept 5 minutes. */
export const activeBannersQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ACTIVE_BANNERS_QUERY_KEY,
    queryFn: async () => (await documentedData('portal-settings/active-banners', {})).banners,
    enabled,
    staleTime: 5 * 60_000,
  });
