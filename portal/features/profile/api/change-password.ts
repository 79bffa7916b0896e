/** auth/change-password: the signed-in user's own password. docs/api-accounts.md Auth. */
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, apiCall } from '../../../lib/api-client.ts';

/**
 * Changes the password (new one 8..200 characters); other sessions of the user are revoked, this
 * one stays. Throws `ApiRequestError` on failure: 422 'The current password is incorrect.' with
 * error_obj `{current_password}` is not toasted, the dialog shows it on the field.
 */
export async function changePassword(currentPassword: string, password: string): Promise<string> {
  const envelope = await apiCall<null>(
    'auth/change-password',
    { current_password: currentPassword, password },
    { suppressToast: (answer) => answer.code === 422 || answer.code === 400 },
  );
  if (envelope.status !== 'success') throw new ApiRequestError(envelope);
  return envelope.message || 'Password changed.';
}

/** Mutation of the change password dialog. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, password }: { currentPassword: string; password: string }) =>
      changePassword(currentPassword, password),
  });
}
