/** auth/login and auth/logout calls. docs/api.md Auth, docs/api-accounts.md. */
import { type LoginData, storeSessionAnswer } from '../../../lib/account-data.ts';
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';
import { logout } from '../../../lib/auth-store.ts';

/**
 * Signs in; on success stores the session (sanitised user and company, user settings) and returns
 * the envelope. Error answers are toasted by the API client and returned.
 */
export async function login(email: string, password: string): Promise<ApiEnvelope<LoginData>> {
  const envelope = await apiCall<LoginData>('auth/login', { email, password }, { withSession: false });
  if (envelope.status === 'success' && envelope.data?.session_key) storeSessionAnswer(envelope.data);
  return envelope;
}

/** Revokes the session on the server (best effort, silent) and clears the auth state. SPEC §4 Logout. */
export async function logoutEverywhere(): Promise<void> {
  await apiCall('auth/logout', {}, { silent: true });
  logout();
}
