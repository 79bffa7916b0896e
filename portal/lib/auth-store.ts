/**
 * The auth state of SPEC §3 in one small store persisted to localStorage, read by React through
 * useSyncExternalStore and by guards and the API client directly.
 */
import { useSyncExternalStore } from 'react';
import { AUTH_STORAGE_KEY } from './constants.ts';

/** Company as stored: the login answer without the fields SPEC §3 Company drops. */
export type StoredCompany = Record<string, unknown> & {
  id?: number;
  name?: string;
  trial_ends_at?: string | null;
  trial_remaining_days?: number | null;
  has_active_subscription?: boolean;
  is_trial_disabled?: boolean;
  permissions?: string[];
  stripe_id?: string | null;
  is_trial_active?: boolean;
  approved_states?: string[];
  plan?: { id: string; name: string } | null;
  logo_url?: string | null;
  eo_expiry_days?: number | null;
  /** SPEC §6 testing company (docs/api-accounts.md): gets the AI-assistant frame and the shifted chat bubble. */
  is_testing_company?: boolean;
  is_extra_testing_company?: boolean;
  /** Portal settings every worker sees (docs/api-accounts.md): the dashboard's widgets and quote rush. */
  dashboard_widgets?: string[];
  quote_rush?: { enabled: boolean; message: string };
  /** Portal settings global (issue 16): header and title name, company zone, support contacts. */
  portal_name?: string | null;
  timezone?: string;
  support_email?: string | null;
  support_phone?: string | null;
  /** Names of the company's active application sources (create dialog, listing filter). */
  application_sources?: string[];
};

/** User as stored: the login answer without the fields SPEC §3 User drops, plus its company. */
export type StoredUser = Record<string, unknown> & {
  id?: number;
  name?: string;
  email?: string;
  phone?: string | null;
  role?: string;
  assigned_agent_id?: number | null;
  agent?: { id: number; licensed_states?: string[] } | null;
  customer_id?: number | null;
  mga_company?: { id: number; name: string };
  user_accesses_final?: string[];
  eo_expiry?: string | null;
  company?: StoredCompany | null;
};

/** SPEC §3 Auth state, key for key. */
export interface AuthState {
  session_key: string;
  user: StoredUser | null;
  previous_user_data: Record<string, unknown> | null;
  user_settings: Record<string, unknown> | null;
  eo_expiry_alert_displayed: boolean | null;
  redirect_back_path_on_login: string | null;
}

/** Fields SPEC §3 User says the stored user drops. */
export const DROPPED_USER_FIELDS = [
  'created_at',
  'updated_at',
  'user_accesses',
  'image',
  'username',
] as const;

/** Fields SPEC §3 Company says the stored company drops. */
export const DROPPED_COMPANY_FIELDS = [
  'created_at',
  'updated_at',
  'agent_portal_logo_image_url',
  'eo_data',
  'agency_data',
  'pm_last_four',
  'pm_type',
  'subscriber_details',
  'images',
  'subscriptions',
] as const;

const EMPTY_STATE: AuthState = {
  session_key: '',
  user: null,
  previous_user_data: null,
  user_settings: null,
  eo_expiry_alert_displayed: null,
  redirect_back_path_on_login: null,
};

function withoutKeys<T extends Record<string, unknown>>(source: T, keys: readonly string[]): T {
  const copy: Record<string, unknown> = { ...source };
  for (const key of keys) delete copy[key];
  return copy as T;
}

/** The user to store: `user` minus SPEC §3's dropped fields, with `company` minus its dropped fields. */
export function sanitizeUser(
  user: Record<string, unknown>,
  company?: Record<string, unknown> | null,
): StoredUser {
  const stored = withoutKeys(user, DROPPED_USER_FIELDS) as StoredUser;
  if (company !== undefined) stored.company = company ? withoutKeys(company, DROPPED_COMPANY_FIELDS) : null;
  return stored;
}

function readStorage(): AuthState {
  try {
    const raw = globalThis.localStorage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return { ...EMPTY_STATE };
    const parsed = JSON.parse(raw) as Partial<AuthState>;
    return { ...EMPTY_STATE, ...parsed, session_key: String(parsed.session_key ?? '') };
  } catch {
    // A corrupt entry must not lock the user out of the login page.
    return { ...EMPTY_STATE };
  }
}

let state: AuthState = readStorage();
const listeners = new Set<() => void>();

function commit(next: AuthState): void {
  state = next;
  try {
    globalThis.localStorage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the session still works for this tab.
  }
  for (const listener of listeners) listener();
}

/** The current auth state (same object until the next change). SPEC §3 Auth state. */
export function getAuthState(): AuthState {
  return state;
}

/** Logged in means a non-empty session key. SPEC §4. */
export function isLoggedIn(): boolean {
  return state.session_key !== '';
}

function withAccount(
  base: AuthState,
  user: Record<string, unknown>,
  company: Record<string, unknown> | null | undefined,
  userSettings: Record<string, unknown> | null | undefined,
): AuthState {
  const stored = sanitizeUser(user, company ?? null);
  const firstExpiry = Boolean(stored.eo_expiry) && base.eo_expiry_alert_displayed === null;
  return {
    ...base,
    user: stored,
    user_settings: userSettings === undefined ? base.user_settings : userSettings,
    eo_expiry_alert_displayed: firstExpiry ? false : base.eo_expiry_alert_displayed,
  };
}

/**
 * Stores a login answer: session key, the sanitised user with its sanitised company, the user
 * settings when given, and sets the expiry alert flag to false the first time a company expiry
 * date is present. SPEC §3, §4.
 */
export function setSession(
  sessionKey: string,
  user: Record<string, unknown>,
  company?: Record<string, unknown> | null,
  userSettings?: Record<string, unknown> | null,
): void {
  commit({ ...withAccount(state, user, company, userSettings), session_key: sessionKey });
}

/**
 * Replaces the stored user and company (and settings when given) with a fresher answer (auth/me,
 * profile/update) keeping the session key; the same expiry-flag rule as `setSession`. SPEC §3, §4.
 * Does nothing while logged out, so a late answer cannot resurrect a session.
 */
export function refreshAccount(
  user: Record<string, unknown>,
  company?: Record<string, unknown> | null,
  userSettings?: Record<string, unknown> | null,
): void {
  if (!isLoggedIn()) return;
  commit(withAccount(state, user, company, userSettings));
}

/** Merges partial auth state (e.g. the expiry alert flag, settings). */
export function patchAuthState(patch: Partial<AuthState>): void {
  commit({ ...state, ...patch });
}

/**
 * Logout of SPEC §4: clears user, session key, alert flag, settings and previous-user data;
 * remembers `rememberPath` (the path to return to after login) when given.
 */
export function logout(options: { rememberPath?: string } = {}): void {
  commit({
    ...state,
    session_key: '',
    user: null,
    eo_expiry_alert_displayed: null,
    user_settings: null,
    previous_user_data: null,
    redirect_back_path_on_login: options.rememberPath ?? state.redirect_back_path_on_login,
  });
}

/** Takes (reads and clears) the remembered path, or null. SPEC §3 redirect_back_path_on_login. */
export function takeRedirectBackPath(): string | null {
  const path = state.redirect_back_path_on_login;
  if (path !== null) commit({ ...state, redirect_back_path_on_login: null });
  return path;
}

/** Subscribes to changes; returns the unsubscribe function. */
export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads localStorage (tests and the `storage` event of another tab). */
export function reloadAuthFromStorage(): void {
  state = readStorage();
  for (const listener of listeners) listener();
}

/** React view of the auth state. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

if (typeof window !== 'undefined') {
  // Logging out in one tab logs out the others.
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY) reloadAuthFromStorage();
  });
}
