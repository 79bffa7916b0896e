/**
 * The immediate info dialog of SPEC §2 Dialogs, right after a commercial launch: what happens now
 * with each kind of carrier, and the underwriting warnings the agent accepted. ADR 073.
 */
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { OutcomeMessage } from '../../../../engine/index.ts';
import { carriersWritingProduct } from '../../../lib/carrier-catalog.ts';
import { useLiveCarriers } from '../../../lib/live-carriers.ts';

/** Props: open state, the accepted warnings, close. */
export interface ImmediateInfoDialogProps {
  opened: boolean;
  warnings: OutcomeMessage[];
  onClose: () => void;
}

/** Three short points and the warnings, with a single acknowledgement. */
export function ImmediateInfoDialog({ opened, warnings, onClose }: ImmediateInfoDialogProps) {
  const carriers = useLiveCarriers(opened);
  // The counts say how many carriers of the catalogue in use each point is about; the points hold
  // without them, so they are left out while the carriers load or cannot be read.
  const writers = carriers.data ? carriersWritingProduct('Commercial', carriers.data) : null;
  const count = (channel: string) =>
    writers ? ` (${writers.filter((w) => w.channel === channel).length})` : '';
  return (
    <Modal opened={opened} onClose={onClose} title="Immediate info" centered size="lg">
      <Stack gap="md">
        <Text size="sm" fw={600}>
          The application is launched. Before you leave it:
        </Text>
        <List spacing="sm" size="sm">
          <List.Item>
            <b>Automatic carriers</b> are quoting now; their answers appear in a minute or two.
          </List.Item>
          <List.Item>
            <b>Managed-program (SOV) carriers</b>
            {count('sov')} quote only from a statement of values: use <i>Launch to SOV carriers</i>, then fill
            the statement of values of each one.
          </List.Item>
          <List.Item>
            <b>Manual carriers</b>
            {count('manual')} are quoted by an underwriter: use <i>Launch to manual carriers</i>; their quotes
            appear here once staff record them, usually within one or two business days.
          </List.Item>
          <List.Item>
            Commercial quotes are indicative until the carrier reviews the building and binds.
          </List.Item>
        </List>
        {warnings.length > 0 && (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle size={18} />}
            title="Underwriting warnings you accepted"
          >
            <List size="sm" spacing={4}>
              {warnings.map((w) => (
                <List.Item key={`${w.table_id}/${w.question_id}`}>{w.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>Got it</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
