/**
 * Acting as another user and switching back: auth/switch-user and auth/switch-back
 * (docs/api-accounts.md), with previous_user_data of SPEC §3 holding the way back (SPEC §4).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { storeSessionAnswer } from '../../../lib/account-data.ts';
import { ApiRequestError, emptyResult } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall } from '../../../lib/api-operations.ts';
import { getAuthState, logout, patchAuthState, type StoredUser } from '../../../lib/auth-store.ts';

/** previous_user_data as the portal stores it: the earlier session, its user and where the switch began. */
export interface PreviousUserData {
  session_key: string;
  user: StoredUser;
  /** Path shown when the switch happened; switching back returns there. */
  return_path: string | null;
}

/** `data` of auth/switch-user: the new session and the earlier one. */
export type SwitchUserData = ApiAnswer<'auth/switch-user'>;

/** Message of a second switch while already acting as someone (the server keeps one way back). */
export const ALREADY_SWITCHED_MESSAGE = 'Switch back to your own account before acting as another user.';

/** The stored previous_user_data when it has the shape above, else null. */
export function readPreviousUserData(): PreviousUserData | null {
  const raw = getAuthState().previous_user_data as Partial<PreviousUserData> | null;
  if (!raw || typeof raw.session_key !== 'string' || !raw.session_key || !raw.user) return null;
  return { session_key: raw.session_key, user: raw.user, return_path: raw.return_path ?? null };
}

/**
 * Acts as user `userId`: stores the new session and keeps the earlier one in previous_user_data.
 * Throws `ApiRequestError` when the server refuses (403, 404 'User not found.', 422; already
 * toasted), or when already acting as someone (one way back only; ADR 092).
 */
export async function switchUser(userId: number, returnPath: string | null = null): Promise<void> {
  if (readPreviousUserData()) throw new ApiRequestError(emptyResult(ALREADY_SWITCHED_MESSAGE));
  const envelope = await documentedCall('auth/switch-user', { user_id: userId });
  if (envelope.status !== 'success' || !envelope.data) throw new ApiRequestError(envelope);
  const { previous_user: previous, ...answer } = envelope.data;
  storeSessionAnswer(answer);
  const previousUserData: PreviousUserData = {
    session_key: previous.session_key,
    user: previous.user as StoredUser,
    return_path: returnPath,
  };
  patchAuthState({ previous_user_data: { ...previousUserData } });
}

/**
 * Switches back to the user of previous_user_data: the server revokes the acting session and
 * answers the earlier one. Resolves to the path to return to. When the way back is gone (422 or no
 * previous data) the acting session is ended too and the caller goes to login (ADR 092); then it
 * throws `ApiRequestError`.
 */
export async function switchBack(): Promise<string | null> {
  const previous = readPreviousUserData();
  if (!previous) throw new ApiRequestError(emptyResult('There is no previous user to switch back to.'));
  const envelope = await documentedCall('auth/switch-back', {
    previous_session_key: previous.session_key,
  });
  if (envelope.status === 'success' && envelope.data) {
    storeSessionAnswer(envelope.data);
    patchAuthState({ previous_user_data: null });
    return previous.return_path;
  }
  if (envelope.code === 422) {
    await documentedCall('auth/logout', {}, { silent: true });
    logout();
  }
  throw new ApiRequestError(envelope);
}

/**
 * Hook for the admin user list: `(userId) => Promise<void>` acts as that user, drops the cached
 * data of the earlier user and opens /dashboard. Rejects with `ApiRequestError` (see `switchUser`).
 */
export function useSwitchUser(): (userId: number) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  return useCallback(
    async (userId: number) => {
      await switchUser(userId, router.state.location.href);
      queryClient.clear();
      await navigate({ to: '/dashboard' });
    },
    [queryClient, navigate, router],
  );
}

/**
 * Hook for the shell's "Switch back to <name>": switches back, drops cached data and returns to
 * where the switch began (or /dashboard); to /auth/login when the way back is gone.
 */
export function useSwitchBack(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      const path = await switchBack();
      queryClient.clear();
      await navigate({ href: path?.startsWith('/') && !path.startsWith('//') ? path : '/dashboard' });
    } catch (error) {
      queryClient.clear();
      if (!getAuthState().session_key) {
        await navigate({ to: '/auth/$page_type', params: { page_type: 'login' } });
        return;
      }
      throw error;
    }
  }, [queryClient, navigate]);
}
