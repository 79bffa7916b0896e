/** The user deletion dialog of SPEC §2 Dialogs: confirmation first, then users/delete. */
import type { UserRecord } from '../api/users-api.ts';
import { deleteUser } from '../api/users-api.ts';
import { ConfirmUserActionDialog, type UserAction } from './confirm-user-action-dialog.tsx';

const DELETE_USER: UserAction = {
  title: 'Delete user',
  question: (user) =>
    `Delete ${user?.name} (${user?.email})? They can no longer sign in. This cannot be undone.`,
  confirmLabel: 'Delete',
  send: deleteUser,
  doneTitle: 'Deleted',
  doneText: 'User deleted.',
  failedText: 'The user could not be deleted.',
};

/** Props: open state, the user, and close. */
export interface DeleteUserDialogProps {
  opened: boolean;
  user: UserRecord | null;
  onClose: () => void;
}

/** Confirm dialog; the server's refusal (own account, agent with applications) shows inline. */
export function DeleteUserDialog(props: DeleteUserDialogProps) {
  return <ConfirmUserActionDialog {...props} action={DELETE_USER} />;
}
