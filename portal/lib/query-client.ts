/** The one TanStack Query client. No retries: SPEC §7 says calls are not retried. */
import { QueryClient } from '@tanstack/react-query';

/** Builds a query client with the portal's defaults (no retry, no refetch on focus). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

/** The portal's query client, shared by the router loaders and components. */
export const queryClient = createQueryClient();
