/**
 * The portal's query client (lib/query-client.ts), loaded by the first route that needs it rather
 * than before the first page (issue 18, ADR 540): the sign-in pages call the API without TanStack
 * Query. Routes await `loadQueryClient()` in their loaders (through the router context);
 * PortalQueryClientProvider provides the client from the moment it has loaded.
 */
import type { QueryClient } from '@tanstack/react-query';

let loaded: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

/** The portal's query client; the first call fetches its chunk, every call returns the same promise. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client.ts').then(({ queryClient }) => {
    loaded = queryClient;
    for (const listener of listeners) listener();
    return queryClient;
  });
  return loading;
}

/** The client once loaded, else null. */
export function loadedQueryClient(): QueryClient | null {
  return loaded;
}

/** Calls `listener` when the client has loaded; returns the unsubscribe function. */
export function subscribeToQueryClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
