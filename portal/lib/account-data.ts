/** The account answers of docs/api-accounts.md (login, auth/me, SAML, switch user) and how they are stored. */
import type { ApiAnswer } from './api-operations.ts';
import { setSession } from './auth-store.ts';

/** `data` of auth/me (and profile/update): user, company and user settings (docs/api-accounts.md). */
export type AccountData = ApiAnswer<'auth/me'>;

/**
 * `data` of an answer that starts a session (login without a second factor, auth/mfa/verify,
 * switch user, switch back): the account and its key.
 */
export type LoginData = Pick<
  ApiAnswer<'auth/mfa/verify'>,
  'session_key' | 'user' | 'company' | 'user_settings'
>;

/** The second sign-in step login answers when the user has (or must set up) a second factor. */
export type MfaStep = Extract<ApiAnswer<'auth/login'>, { mfa_required: true }>;

/** Stores an answer that carries a new session key: key, sanitised user and company, settings. SPEC §3. */
export function storeSessionAnswer(data: LoginData): void {
  setSession(data.session_key, data.user, data.company, data.user_settings);
}
