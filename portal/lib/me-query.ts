/** auth/me: the current account, re-read so trial, subscription and testing flags stay current. docs/api-accounts.md. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountData } from './account-data.ts';
import { documentedData } from './api-operations.ts';
import { getAuthState, refreshAccount, useAuth } from './auth-store.ts';

/**
 * Fetches auth/me with the stored session and stores the fresher user, company and settings.
 * Resolves to the answer's data; throws `ApiRequestError` on failure (a 401 also logs out, SPEC §8).
 */
export async function refreshMe(): Promise<AccountData> {
  const key = getAuthState().session_key;
  const data = await documentedData('auth/me', {}, { silent: true });
  // A switch of user while the call was in flight must not be overwritten by the old account.
  if (getAuthState().session_key === key) refreshAccount(data.user, data.company, data.user_settings);
  return data;
}

/** Query options of auth/me for one session key (a new key is a new account). */
export const meQueryOptions = (sessionKey: string) =>
  queryOptions({
    queryKey: ['auth', 'me', sessionKey],
    queryFn: refreshMe,
    enabled: sessionKey !== '',
    staleTime: 60_000,
  });

/** The current account from auth/me, re-read once per session key (and kept fresh by the pages that change it). */
export function useMe() {
  const { session_key } = useAuth();
  return useQuery(meQueryOptions(session_key));
}
