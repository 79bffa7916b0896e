/**
 * Live texting updates (issue 14): an EventSource on GET /api/texting/events (authenticated by the
 * session cookie, as EventSource sends no body; with credentials for an API base on another origin:
 * ADR 748); each `text-message` event (a new inbound message, a delivery
 * status, a thread read elsewhere) refreshes the texting queries, so the console follows without a
 * reload. The browser reconnects by itself when the stream ends.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiUrl } from '../../../lib/api-base.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { TEXTING_KEY } from './texting-api.ts';

/** Whether the stream is open (`live`) or reconnecting. */
export type TextingEventsState = 'connecting' | 'live' | 'reconnecting';

/** Opens the stream while mounted; answers its state for the console's indicator. */
export function useTextingEvents(): TextingEventsState {
  const queryClient = useQueryClient();
  const { session_key } = useAuth();
  const [state, setState] = useState<TextingEventsState>('connecting');
  useEffect(() => {
    if (!session_key) return;
    // The session key stays a dependency: a new session (switch user) opens a new stream.
    const source = new EventSource(apiUrl('texting/events'), { withCredentials: true });
    source.onopen = () => setState('live');
    source.onerror = () => setState('reconnecting');
    source.addEventListener('text-message', () => {
      void queryClient.invalidateQueries({ queryKey: TEXTING_KEY });
    });
    return () => source.close();
  }, [queryClient, session_key]);
  return state;
}
