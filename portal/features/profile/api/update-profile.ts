/** profile/update: the signed-in user's own contact details. docs/api-accounts.md Profile. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountData } from '../../../lib/account-data.ts';
import { ApiRequestError, apiCall } from '../../../lib/api-client.ts';
import { getAuthState, refreshAccount } from '../../../lib/auth-store.ts';
import { meQueryOptions } from '../../../lib/me-query.ts';

/** Contact fields the user may change (name 2..100 characters; phone null clears it). */
export interface ContactUpdate {
  name: string;
  email: string;
  phone: string | null;
}

/**
 * Sends the contact update; the answer (same as auth/me) replaces the stored user and company.
 * Throws `ApiRequestError` on failure (409 'The email has already been taken.' carries error_obj).
 */
export async function updateProfile(update: ContactUpdate): Promise<AccountData> {
  const envelope = await apiCall<AccountData>(
    'profile/update',
    { ...update },
    {
      suppressToast: (answer) => answer.code === 409 || answer.code === 400,
    },
  );
  if (envelope.status !== 'success' || !envelope.data) throw new ApiRequestError(envelope);
  refreshAccount(envelope.data.user, envelope.data.company, envelope.data.user_settings);
  return envelope.data;
}

/** Mutation of the contact update dialog; refreshes the profile's auth/me data on success. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => queryClient.setQueryData(meQueryOptions(getAuthState().session_key).queryKey, data),
  });
}
