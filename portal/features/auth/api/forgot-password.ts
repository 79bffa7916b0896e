/** auth/forgot-password (open). docs/api-accounts.md Auth. */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall } from '../../../lib/api-operations.ts';

/**
 * Asks the server to e-mail a reset link to `email`. The answer is the same whether or not an
 * account exists, so the page shows one confirmation. Error answers (429) are toasted and returned.
 */
export function requestPasswordReset(email: string): Promise<ApiEnvelope<ApiAnswer<'auth/forgot-password'>>> {
  return documentedCall('auth/forgot-password', { email }, { withSession: false });
}
