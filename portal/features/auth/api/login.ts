/** auth/login and auth/logout calls. docs/api.md Auth, docs/api-accounts.md. */
import { storeSessionAnswer } from '../../../lib/account-data.ts';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall } from '../../../lib/api-operations.ts';
import { logout } from '../../../lib/auth-store.ts';

/**
 * Signs in; on success stores the session (sanitised user and company, user settings) and returns
 * the envelope. Error answers are toasted by the API client and returned.
 */
export async function login(email: string, password: string): Promise<ApiEnvelope<ApiAnswer<'auth/login'>>> {
  const envelope = await documentedCall('auth/login', { email, password }, { withSession: false });
  if (envelope.status === 'success' && envelope.data) storeSessionAnswer(envelope.data);
  return envelope;
}

/** Revokes the session on the server (best effort, silent) and clears the auth state. SPEC §4 Logout. */
export async function logoutEverywhere(): Promise<void> {
  await documentedCall('auth/logout', {}, { silent: true });
  logout();
}
