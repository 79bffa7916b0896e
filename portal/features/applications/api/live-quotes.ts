/**
 * Live quotes (issue 17, docs/decisions/204-live-quotes.md): while an application is launched, an
 * EventSource on GET /api/agent-portal/quote-events (authenticated by the session cookie, as
 * EventSource sends no body; with credentials for an API base on another origin: ADR 748) patches the cached application with each quote as the server writes it, so the
 * quotes view shows every carrier arriving without refetching the application. When the stream
 * cannot open (refused, or the network drops) the application query polls as before; the browser
 * reconnects by itself and the stream's first events catch the cache up.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiUrl } from '../../../lib/api-base.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { applicationQueryKey } from './application-query-key.ts';
import type { Application, Quote } from './application-types.ts';

/** The application fields the stream follows besides its quotes (server/services/live-quotes.ts). */
export interface LiveApplicationState {
  status: Application['status'];
  application_relaunch_count: number;
  launched_at: string | null;
  /** Launched while the quote backlog is older than its limit: the quotes are queued (issue 47). */
  carriers_busy: boolean;
}

/** One event of the stream, as the server sends it. */
export type LiveQuoteEvent =
  | { event: 'application'; data: LiveApplicationState }
  | { event: 'quote'; data: Quote }
  | { event: 'quote-removed'; data: { id: number } };

/** `application` with `message` applied: the state patched, a quote added or replaced, or removed. */
export function applyLiveQuoteEvent(application: Application, message: LiveQuoteEvent): Application {
  if (message.event === 'application') return { ...application, ...message.data };
  if (message.event === 'quote-removed')
    return { ...application, quotes: application.quotes.filter((quote) => quote.id !== message.data.id) };
  const quote = message.data;
  const known = application.quotes.some((existing) => existing.id === quote.id);
  return {
    ...application,
    quotes: known
      ? application.quotes.map((existing) => (existing.id === quote.id ? quote : existing))
      : [...application.quotes, quote],
  };
}

/**
 * Applies `message` to the cached application `applicationId`. A changed status (launched to
 * completed) also refetches it once, as notes and other fields change with it.
 */
function receive(queryClient: QueryClient, applicationId: number, message: LiveQuoteEvent) {
  const key = applicationQueryKey(applicationId);
  const cached = queryClient.getQueryData<Application>(key);
  if (!cached) return;
  queryClient.setQueryData<Application>(key, applyLiveQuoteEvent(cached, message));
  if (message.event === 'application' && message.data.status !== cached.status)
    void queryClient.invalidateQueries({ queryKey: key });
}

/**
 * Keeps the stream of `applicationId` open while `enabled`; `onStreaming(true)` once it is open,
 * `onStreaming(false)` while it is down (the caller polls then).
 */
export function useLiveQuotes(
  applicationId: number,
  enabled: boolean,
  onStreaming: (streaming: boolean) => void,
): void {
  const queryClient = useQueryClient();
  const { session_key } = useAuth();
  useEffect(() => {
    if (!enabled || !session_key || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiUrl(`agent-portal/quote-events?application_id=${applicationId}`), {
      withCredentials: true,
    });
    source.onopen = () => onStreaming(true);
    source.onerror = () => onStreaming(false);
    for (const event of ['application', 'quote', 'quote-removed'] as const) {
      source.addEventListener(event, (message) =>
        receive(queryClient, applicationId, { event, data: JSON.parse(message.data) } as LiveQuoteEvent),
      );
    }
    return () => {
      source.close();
      onStreaming(false);
    };
  }, [applicationId, enabled, onStreaming, queryClient, session_key]);
}
