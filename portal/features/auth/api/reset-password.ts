/** auth/reset-password (open). docs/api-accounts.md Auth. */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall } from '../../../lib/api-operations.ts';

/**
 * Sets a new password with the e-mailed `token` (64 hex). 422 'This password reset link is invalid
 * or has expired.' is returned (not toasted) for the page to show.
 */
export function resetPassword(
  token: string,
  password: string,
): Promise<ApiEnvelope<ApiAnswer<'auth/reset-password'>>> {
  return documentedCall(
    'auth/reset-password',
    { token, password },
    { withSession: false, suppressToast: (envelope) => envelope.code === 422 },
  );
}
