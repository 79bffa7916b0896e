/** A user's own settings (SPEC §3 Auth state user_settings), stored in users.settings. */

/** The settings with their defaults filled in. */
export interface UserSettings {
  timezone: string | null;
  email_notifications: boolean;
  sms_notifications: boolean;
  default_per_page: 10 | 25 | 50 | 100;
}

/** Defaults: no timezone (the company's), e-mail on, SMS off, 25 rows (SPEC §9 listing default). */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  timezone: null,
  email_notifications: true,
  sms_notifications: false,
  default_per_page: 25,
};

/** The stored settings over the defaults; unknown stored keys are dropped. */
export function userSettingsOf(stored: Record<string, unknown> | null | undefined): UserSettings {
  const merged = { ...DEFAULT_USER_SETTINGS };
  for (const key of Object.keys(DEFAULT_USER_SETTINGS) as (keyof UserSettings)[]) {
    if (stored && stored[key] !== undefined) Object.assign(merged, { [key]: stored[key] });
  }
  return merged;
}
