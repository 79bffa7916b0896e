/**
 * Resetting a user's two-step sign-in (issue 38, ADR 755): for a user who lost their phone or
 * passkey, confirmation first, then users/reset-mfa, which removes their authenticator app,
 * recovery codes and passkeys and signs them out everywhere.
 */
import type { UserRecord } from '../api/users-api.ts';
import { resetUserMfa } from '../api/users-api.ts';
import { ConfirmUserActionDialog, type UserAction } from './confirm-user-action-dialog.tsx';

const RESET_MFA: UserAction = {
  title: 'Reset two-step sign-in',
  question: (user) =>
    `Reset two-step sign-in for ${user?.name} (${user?.email})? Their authenticator app, recovery codes and passkeys are removed and they are signed out everywhere. They sign in with their password and, if your agency requires it, set up a second step again.`,
  confirmLabel: 'Reset',
  send: resetUserMfa,
  doneTitle: 'Two-step sign-in reset',
  doneText: 'Two-step sign-in reset.',
  failedText: 'Two-step sign-in could not be reset.',
};

/** Props: open state, the user, and close. */
export interface ResetMfaDialogProps {
  opened: boolean;
  user: UserRecord | null;
  onClose: () => void;
}

/** Confirm dialog; the server's refusal (one's own account) shows inline. */
export function ResetMfaDialog(props: ResetMfaDialogProps) {
  return <ConfirmUserActionDialog {...props} action={RESET_MFA} />;
}
