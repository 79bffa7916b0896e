/**
 * The underwriting dialog of SPEC §2 Dialogs: blocks stop the launch; warnings ask
 * "Launch anyway" or "Cancel". SPEC §5 Underwriting questions.
 */
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan } from '@tabler/icons-react';
import type { OutcomeMessage } from '../../../../engine/index.ts';

/** Props: the outcomes to show (null = closed), confirm (warnings only) and close. */
export interface LaunchOutcomeDialogProps {
  outcomes: OutcomeMessage[] | null;
  onLaunchAnyway: () => void;
  onClose: () => void;
}

/** Block list (no launch) or warning list with confirmation. */
export function LaunchOutcomeDialog({ outcomes, onLaunchAnyway, onClose }: LaunchOutcomeDialogProps) {
  const blocks = (outcomes ?? []).filter((o) => o.outcome === 'block');
  const warnings = (outcomes ?? []).filter((o) => o.outcome === 'warning');
  const blocked = blocks.length > 0;
  return (
    <Modal
      opened={outcomes !== null}
      onClose={onClose}
      title={blocked ? 'This application cannot be launched' : 'Underwriting warnings'}
      centered
      size="lg"
    >
      <Stack gap="md">
        {blocked ? (
          <Alert color="red" icon={<IconBan size={18} />}>
            <List spacing="xs" size="sm">
              {blocks.map((b) => (
                <List.Item key={`${b.table_id}/${b.question_id}`}>
                  <Text size="sm" fw={600}>
                    {b.question}
                  </Text>
                  <Text size="sm">{b.message}</Text>
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            <List spacing="xs" size="sm">
              {warnings.map((w) => (
                <List.Item key={`${w.table_id}/${w.question_id}`}>
                  <Text size="sm" fw={600}>
                    {w.question}
                  </Text>
                  <Text size="sm">{w.message}</Text>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          {blocked ? (
            <Button onClick={onClose}>Close</Button>
          ) : (
            <>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button color="orange" onClick={onLaunchAnyway}>
                Launch anyway
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
