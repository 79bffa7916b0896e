/**
 * Minimal auth/switch-user ("act as this user") written by the admin-areas engineer so the MGA
 * management page can call it; the sign-in engineer's version replaces this file at merge.
 * SPEC §3 previous_user_data, §4; contract: docs/api-accounts.md Auth.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ApiRequestError, apiCall } from '../../../lib/api-client.ts';
import { patchAuthState, setSession } from '../../../lib/auth-store.ts';

interface SwitchUserData {
  session_key: string;
  user: Record<string, unknown>;
  company: Record<string, unknown> | null;
  user_settings: Record<string, unknown> | null;
  previous_user: { session_key: string; user: Record<string, unknown> };
}

/**
 * Returns `(userId) => Promise<void>`: signs in as user `userId`, keeps the caller in
 * `previous_user_data` (to switch back), drops cached data and opens /dashboard. Rejects with
 * `ApiRequestError` on an error answer (already toasted by the API client) and changes nothing.
 */
export function useSwitchUser(): (userId: number) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (userId: number) => {
      const envelope = await apiCall<SwitchUserData>('auth/switch-user', { user_id: userId });
      const data = envelope.data;
      if (envelope.status !== 'success' || !data?.session_key) throw new ApiRequestError(envelope);
      patchAuthState({ previous_user_data: data.previous_user, user_settings: data.user_settings });
      setSession(data.session_key, data.user, data.company);
      queryClient.clear();
      await navigate({ to: '/dashboard' });
    },
    [queryClient, navigate],
  );
}
