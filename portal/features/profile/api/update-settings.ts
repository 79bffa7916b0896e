/** profile/update-settings: the user settings of SPEC §3 user_settings. docs/api-accounts.md Profile. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiCall } from '../../../lib/api-client.ts';
import { getAuthState, patchAuthState } from '../../../lib/auth-store.ts';
import { meQueryOptions } from '../../../lib/me-query.ts';
import { readUserSettings, type UserSettings } from '../../../lib/user-settings.ts';

/** Saves settings; the merged answer becomes the auth state's user_settings. Throws `ApiRequestError`. */
export async function updateUserSettings(settings: Partial<UserSettings>): Promise<UserSettings> {
  const envelope = await apiCall<{ user_settings: Record<string, unknown> }>('profile/update-settings', {
    user_settings: settings,
  });
  if (envelope.status !== 'success' || !envelope.data) throw new ApiRequestError(envelope);
  patchAuthState({ user_settings: envelope.data.user_settings });
  return readUserSettings(envelope.data.user_settings);
}

/** Mutation of the user settings dialog; the profile's auth/me data is re-read after it. */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: meQueryOptions(getAuthState().session_key).queryKey }),
  });
}
