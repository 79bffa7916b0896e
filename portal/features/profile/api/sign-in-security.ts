/**
 * The profile's sign-in security calls (issue 38): my second factor (auth/mfa/status), my
 * sessions (auth/sessions/list) and ending them (revoke, revoke-others).
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { documentedCall, documentedData } from '../../../lib/api-operations.ts';

export const mfaStatusQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'mfa-status'], queryFn: () => documentedData('auth/mfa/status', {}) });

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'sessions'], queryFn: () => documentedData('auth/sessions/list', {}) });

export const useMfaStatus = () => useQuery(mfaStatusQueryOptions());
export const useSessions = () => useQuery(sessionsQueryOptions());

/** Ends one session (`id`) or, without one, every session but this one; the list is read again. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id?: number) => {
      const envelope =
        id === undefined
          ? await documentedCall('auth/sessions/revoke-others', {})
          : await documentedCall('auth/sessions/revoke', { id });
      void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
      return envelope;
    },
    [queryClient],
  );
}
