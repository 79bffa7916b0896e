/** auth/login and auth/logout calls. docs/api.md Auth, docs/api-accounts.md. */
import { storeSessionAnswer } from '../../../lib/account-data.ts';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall } from '../../../lib/api-operations.ts';
import { logout } from '../../../lib/auth-store.ts';

/**
 * Signs in; when the answer is a session, stores it (sanitised user and company, user settings);
 * when it is the second step (`mfa_required`, issue 38), stores nothing. Returns the envelope.
 * Error answers are toasted by the API client and returned.
 */
export async function login(email: string, password: string): Promise<ApiEnvelope<ApiAnswer<'auth/login'>>> {
  const envelope = await documentedCall('auth/login', { email, password }, { withSession: false });
  const data = envelope.status === 'success' ? envelope.data : null;
  if (data && !('mfa_required' in data)) storeSessionAnswer(data);
  return envelope;
}

/** Revokes the session on the server (best effort, silent) and clears the auth state. SPEC §4 Logout. */
export async function logoutEverywhere(): Promise<void> {
  await documentedCall('auth/logout', {}, { silent: true });
  logout();
}
