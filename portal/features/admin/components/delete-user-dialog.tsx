/** The user deletion dialog of SPEC §2 Dialogs: confirmation first, then users/delete. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import type { UserRecord } from '../api/users-api.ts';
import { deleteUser } from '../api/users-api.ts';

/** Props: open state, the user, and close. */
export interface DeleteUserDialogProps {
  opened: boolean;
  user: UserRecord | null;
  onClose: () => void;
}

/** Confirm dialog; the server's refusal (own account, agent with applications) shows inline. */
export function DeleteUserDialog({ opened, user, onClose }: DeleteUserDialogProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) setError(null);
  }, [opened]);

  async function confirm() {
    if (!user) return;
    setBusy(true);
    const envelope = await deleteUser(user.id);
    setBusy(false);
    if (envelope.status === 'success') {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      showToast('success', 'Deleted', envelope.message || 'User deleted.');
      onClose();
      return;
    }
    setError(envelope.message || 'The user could not be deleted.');
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Delete user" centered>
      <Stack gap="md">
        <Text size="sm">
          Delete {user?.name} ({user?.email})? They can no longer sign in. This cannot be undone.
        </Text>
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
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
