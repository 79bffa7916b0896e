/**
 * Provides the portal's query client to the pages from the moment it has loaded
 * (lib/load-query-client.ts, ADR 540). Before that nothing reads it: the routes whose pages use
 * queries await the client in their loaders. Mounts the client as QueryClientProvider does (focus
 * and online events).
 */
import { QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { loadedQueryClient, subscribeToQueryClient } from '../lib/load-query-client.ts';

/** The query client's context around `children`: empty until the client has loaded. */
export function PortalQueryClientProvider({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(subscribeToQueryClient, loadedQueryClient);
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>;
}
