/** auth/forgot-password (open). docs/api-accounts.md Auth. */
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';

/**
 * Asks the server to e-mail a reset link to `email`. The answer is the same whether or not an
 * account exists, so the page shows one confirmation. Error answers (429) are toasted and returned.
 */
export function requestPasswordReset(email: string): Promise<ApiEnvelope<null>> {
  return apiCall<null>('auth/forgot-password', { email }, { withSession: false });
}
