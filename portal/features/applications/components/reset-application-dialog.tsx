/** Reset confirmation: reset-application, then the application reloads into the form view. SPEC §4, §7. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { resetApplication } from '../api/reset-application.ts';

/** Props: open state, the application's numeric id and reference, close, and what follows a reset. */
export interface ResetApplicationDialogProps {
  opened: boolean;
  applicationId: number;
  reference: string;
  onClose: () => void;
  onReset: () => void;
}

/** Confirm dialog for a reset. */
export function ResetApplicationDialog({
  opened,
  applicationId,
  reference,
  onClose,
  onReset,
}: ResetApplicationDialogProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    const envelope = await resetApplication(applicationId);
    setBusy(false);
    if (envelope.status === 'success') {
      showToast(
        'success',
        'Application reset',
        `${reference}'s quotes are cleared; edit and launch it again.`,
      );
      onClose();
      onReset();
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title="Reset application" centered>
      <Stack gap="md">
        <Text size="sm">
          Reset {reference} to a new application? Its quotes are cleared and you can edit and launch it again.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="orange" onClick={confirm} loading={busy}>
            Reset
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
