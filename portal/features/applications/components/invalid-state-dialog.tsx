/** The invalid-state dialog of SPEC §2 Dialogs, opened instead of the toast of SPEC §8. */
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';

/** Props: open state, the refused state (2 letters, if known) and close. */
export interface InvalidStateDialogProps {
  opened: boolean;
  state?: string;
  onClose: () => void;
}

/** Explains that the agent is not licensed in the address state. */
export function InvalidStateDialog({ opened, state, onClose }: InvalidStateDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invalid state" centered>
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon color="yellow" variant="light" size="xl" radius="xl">
            <IconMapPinOff size={22} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={600}>You are not licensed in {state ? state : 'this state'}.</Text>
            <Text size="sm" c="dimmed">
              Invalid state! Agent don't have license for the given address state. Applications can only be
              created for properties in states where your agent licence is approved. Contact your agency
              administrator to add this state.
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
