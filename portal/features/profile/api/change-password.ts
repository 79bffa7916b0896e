/** auth/change-password: the signed-in user's own password. docs/api-accounts.md Auth. */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall } from '../../../lib/api-operations.ts';

/**
 * Changes the password (new one 8..200 characters); other sessions of the user are revoked, this
 * one stays. Resolves the envelope: a 422 'The current password is incorrect.' with error_obj
 * `{current_password}` (and a 400) is not toasted, the dialog shows it on the field.
 */
export function changePassword(
  currentPassword: string,
  password: string,
): Promise<ApiEnvelope<ApiAnswer<'auth/change-password'>>> {
  return documentedCall(
    'auth/change-password',
    { current_password: currentPassword, password },
    { suppressToast: (answer) => answer.code === 422 || answer.code === 400 },
  );
}
