/** profile/update: the signed-in user's own contact details. docs/api-accounts.md Profile. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, type ApiBody, documentedCall } from '../../../lib/api-operations.ts';
import { getAuthState, refreshAccount } from '../../../lib/auth-store.ts';
import { meQueryOptions } from '../../../lib/me-query.ts';

/** Contact fields the user may change (name 2..100 characters; phone null clears it). */
export type ContactUpdate = Required<Pick<ApiBody<'profile/update'>, 'name' | 'email' | 'phone'>>;

/**
 * Sends the contact update; the answer (same as auth/me) replaces the stored user and company.
 * Resolves the envelope; a 409 'The email has already been taken.' (with error_obj) and a 400 are
 * not toasted, the dialog shows them on the fields.
 */
export async function updateProfile(
  update: ContactUpdate,
): Promise<ApiEnvelope<ApiAnswer<'profile/update'>>> {
  const envelope = await documentedCall(
    'profile/update',
    { ...update },
    {
      suppressToast: (answer) => answer.code === 409 || answer.code === 400,
    },
  );
  if (envelope.status === 'success' && envelope.data)
    refreshAccount(envelope.data.user, envelope.data.company, envelope.data.user_settings);
  return envelope;
}

/** updateProfile for the contact update dialog; a success also becomes the profile's auth/me data. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useCallback(
    async (update: ContactUpdate) => {
      const envelope = await updateProfile(update);
      if (envelope.status === 'success' && envelope.data)
        queryClient.setQueryData(meQueryOptions(getAuthState().session_key).queryKey, envelope.data);
      return envelope;
    },
    [queryClient],
  );
}
