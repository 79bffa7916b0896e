/** profile/update-settings: the user settings of SPEC §3 user_settings. docs/api-accounts.md Profile. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiCall } from '../../../lib/api-client.ts';
import { getAuthState, patchAuthState } from '../../../lib/auth-store.ts';
import { meQueryOptions } from '../../../lib/me-query.ts';

/** Page sizes the server accepts for `default_per_page`. */
export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

/** The user settings as the server answers them. */
export interface UserSettings {
  timezone: string | null;
  email_notifications: boolean;
  sms_notifications: boolean;
  default_per_page: (typeof PER_PAGE_OPTIONS)[number];
}

/** Settings used when the server has none stored yet (its defaults). */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  timezone: null,
  email_notifications: true,
  sms_notifications: false,
  default_per_page: 25,
};

/** The stored settings read into the full shape (unknown or missing keys take the defaults). */
export function readUserSettings(raw: Record<string, unknown> | null | undefined): UserSettings {
  const perPage = Number(raw?.default_per_page);
  return {
    timezone: typeof raw?.timezone === 'string' && raw.timezone ? raw.timezone : null,
    email_notifications:
      typeof raw?.email_notifications === 'boolean'
        ? raw.email_notifications
        : DEFAULT_USER_SETTINGS.email_notifications,
    sms_notifications:
      typeof raw?.sms_notifications === 'boolean'
        ? raw.sms_notifications
        : DEFAULT_USER_SETTINGS.sms_notifications,
    default_per_page: (PER_PAGE_OPTIONS as readonly number[]).includes(perPage)
      ? (perPage as UserSettings['default_per_page'])
      : DEFAULT_USER_SETTINGS.default_per_page,
  };
}

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
