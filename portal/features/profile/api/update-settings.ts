/** profile/update-settings: the user settings of SPEC §3 user_settings. docs/api-accounts.md Profile. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall } from '../../../lib/api-operations.ts';
import { getAuthState, patchAuthState } from '../../../lib/auth-store.ts';
import { meQueryOptions } from '../../../lib/me-query.ts';
import type { UserSettings } from '../../../lib/user-settings.ts';

/** Saves settings; the merged answer becomes the auth state's user_settings. Resolves the envelope. */
export async function updateUserSettings(
  settings: Partial<UserSettings>,
): Promise<ApiEnvelope<ApiAnswer<'profile/update-settings'>>> {
  const envelope = await documentedCall('profile/update-settings', {
    user_settings: settings,
  });
  if (envelope.status === 'success' && envelope.data)
    patchAuthState({ user_settings: envelope.data.user_settings });
  return envelope;
}

/** updateUserSettings for the user settings dialog; the profile's auth/me data is re-read after a success. */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useCallback(
    async (settings: Partial<UserSettings>) => {
      const envelope = await updateUserSettings(settings);
      if (envelope.status === 'success')
        void queryClient.invalidateQueries({ queryKey: meQueryOptions(getAuthState().session_key).queryKey });
      return envelope;
    },
    [queryClient],
  );
}
