/** The delete application dialog of SPEC §2 Dialogs: delete-application-by-id. SPEC §7. */
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { deleteApplicationById } from '../api/delete-application-by-id.ts';

/** Props: open state, the application's numeric id and reference, close, and what follows a delete. */
export interface DeleteApplicationDialogProps {
  opened: boolean;
  applicationId: number;
  reference: string;
  onClose: () => void;
  onDeleted: (deletedIds: number[]) => void;
}

/** Confirm dialog with the "Delete all related applications" checkbox. */
export function DeleteApplicationDialog({
  opened,
  applicationId,
  reference,
  onClose,
  onDeleted,
}: DeleteApplicationDialogProps) {
  const [related, setRelated] = useState(false);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    const envelope = await deleteApplicationById(applicationId, related);
    setBusy(false);
    if (envelope.status === 'success') {
      onClose();
      onDeleted(envelope.data?.deleted_ids ?? [applicationId]);
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title="Delete application" centered>
      <Stack gap="md">
        <Text size="sm">Delete {reference}? This cannot be undone.</Text>
        <Checkbox
          label="Delete all related applications"
          description="Every application of yours at the same address"
          checked={related}
          onChange={(e) => setRelated(e.currentTarget.checked)}
        />
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
