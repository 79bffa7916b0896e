/** auth/login and auth/logout calls. docs/api.md Auth. */
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';
import { logout, setSession } from '../../../lib/auth-store.ts';

/** `data` of a login answer. */
export interface LoginData {
  session_key: string;
  user: Record<string, unknown>;
  company: Record<string, unknown> | null;
}

/**
 * Signs in; on success stores the session (sanitised user and company) and returns the envelope.
 * Error answers are toasted by the API client and returned.
 */
export async function login(email: string, password: string): Promise<ApiEnvelope<LoginData>> {
  const envelope = await apiCall<LoginData>('auth/login', { email, password }, { withSession: false });
  if (envelope.status === 'success' && envelope.data?.session_key) {
    setSession(envelope.data.session_key, envelope.data.user, envelope.data.company);
  }
  return envelope;
}

/** Revokes the session on the server (best effort, silent) and clears the auth state. SPEC §4 Logout. */
export async function logoutEverywhere(): Promise<void> {
  await apiCall('auth/logout', {}, { silent: true });
  logout();
}
