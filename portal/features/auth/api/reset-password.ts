/** auth/reset-password (open). docs/api-accounts.md Auth. */
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';

/**
 * Sets a new password with the e-mailed `token` (64 hex). 422 'This password reset link is invalid
 * or has expired.' is returned (not toasted) for the page to show.
 */
export function resetPassword(token: string, password: string): Promise<ApiEnvelope<null>> {
  return apiCall<null>(
    'auth/reset-password',
    { token, password },
    { withSession: false, suppressToast: (envelope) => envelope.code === 422 },
  );
}
