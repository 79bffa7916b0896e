/**
 * A confirmation dialog for one action on one user (SPEC §2 Dialogs): the question first, then the
 * call; on success the users list is read again, a notification says so and the dialog closes; a
 * refusal shows inline (the API client has toasted it too). Deleting a user and resetting their
 * two-step sign-in use it.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toast.ts';
import type { UserRecord } from '../api/users-api.ts';

/** What the dialog asks, calls and says. */
export interface UserAction {
  /** The dialog's title. */
  title: string;
  /** The question about `user`, e.g. "Delete Ada (ada@x.test)? ...". */
  question: (user: UserRecord | null) => string;
  /** The confirm button's label (red). */
  confirmLabel: string;
  /** The call, resolving its envelope. */
  send: (userId: number) => Promise<ApiEnvelope<unknown>>;
  /** The success notification's title; its text is the server's message, else `doneText`. */
  doneTitle: string;
  doneText: string;
  /** The inline refusal when the answer has no message (a network failure). */
  failedText: string;
}

/** Props: open state, the user, the action, and close. */
export interface ConfirmUserActionDialogProps {
  opened: boolean;
  user: UserRecord | null;
  action: UserAction;
  onClose: () => void;
}

/** The confirm dialog of `action` on `user`. */
export function ConfirmUserActionDialog({ opened, user, action, onClose }: ConfirmUserActionDialogProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) setError(null);
  }, [opened]);

  async function confirm() {
    if (!user) return;
    setBusy(true);
    const envelope = await action.send(user.id);
    setBusy(false);
    if (envelope.status === 'success') {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      showToast('success', action.doneTitle, envelope.message || action.doneText);
      onClose();
      return;
    }
    setError(envelope.message || action.failedText);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={action.title} centered>
      <Stack gap="md">
        <Text size="sm">{action.question(user)}</Text>
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={busy}>
            {action.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
