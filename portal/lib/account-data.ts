/** The account answers of docs/api-accounts.md (login, auth/me, SAML, switch user) and how they are stored. */
import { setSession } from './auth-store.ts';

/** `data` of auth/me: the account as docs/api-accounts.md shapes it. */
export interface AccountData {
  user: Record<string, unknown>;
  company: Record<string, unknown> | null;
  /** `{timezone, email_notifications, sms_notifications, default_per_page}`; absent on older servers. */
  user_settings?: Record<string, unknown> | null;
}

/** `data` of an answer that starts a session (login, switch user, switch back). */
export interface LoginData extends AccountData {
  session_key: string;
}

/** Stores an answer that carries a new session key: key, sanitised user and company, settings. SPEC §3. */
export function storeSessionAnswer(data: LoginData): void {
  setSession(data.session_key, data.user, data.company, data.user_settings ?? null);
}
