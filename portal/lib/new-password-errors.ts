/** The rules of a new password and its confirmation (reset and change password). docs/api-accounts.md. */
import { PASSWORD_LENGTH } from './constants.ts';

/** Field errors of a new password pair; empty when both are fine. */
export function newPasswordErrors(
  password: string,
  confirm: string,
): { password?: string; confirm?: string } {
  const errors: { password?: string; confirm?: string } = {};
  if (!password) errors.password = 'Password cannot be empty!';
  else if (password.length < PASSWORD_LENGTH.min)
    errors.password = `Password must be at least ${PASSWORD_LENGTH.min} characters.`;
  else if (password.length > PASSWORD_LENGTH.max)
    errors.password = `Password must be at most ${PASSWORD_LENGTH.max} characters.`;
  if (confirm !== password) errors.confirm = 'Passwords do not match.';
  return errors;
}
