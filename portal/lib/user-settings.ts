/**
 * The user settings of SPEC §3 user_settings as the portal reads them from the auth state, and the
 * effects they have outside the profile page: rows per page of every listing and the time zone of
 * every date shown (issue 20).
 */
import { getAuthState } from './auth-store.ts';
import { LISTING_PER_PAGE } from './constants.ts';

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
  default_per_page: LISTING_PER_PAGE,
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

/** Rows per page of a listing for the signed-in user: their `default_per_page` (25 by default, SPEC §9). */
export function listingPerPage(): UserSettings['default_per_page'] {
  return readUserSettings(getAuthState().user_settings).default_per_page;
}

/**
 * The signed-in user's time zone (an IANA name): their own setting, else their company's (portal
 * settings global timezone, issue 16), else null for the browser's own.
 */
export function userTimeZone(): string | null {
  const state = getAuthState();
  return readUserSettings(state.user_settings).timezone ?? state.user?.company?.timezone ?? null;
}
