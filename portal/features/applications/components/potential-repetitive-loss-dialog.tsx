/**
 * The potential repetitive loss dialog of SPEC §2 Dialogs, in the commercial launch flow when the
 * prior flood loss answer is Yes: shows the reported loss, asks how many losses the building had in
 * 10 years, and says what a repetitive loss means for the quotes before launching. ADR 072.
 */
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { isPotentialRepetitiveLoss } from './potential-repetitive-loss.ts';

/** Props: open state, the document, launch and close. */
export interface PotentialRepetitiveLossDialogProps {
  opened: boolean;
  doc: Record<string, unknown>;
  onLaunch: () => void;
  onClose: () => void;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Loss summary, the count question, the assessment and the launch button. */
export function PotentialRepetitiveLossDialog({
  opened,
  doc,
  onLaunch,
  onClose,
}: PotentialRepetitiveLossDialogProps) {
  const [count, setCount] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setCount(null);
  }, [opened]);

  const amount = num(doc.prior_loss_amount);
  const buildingValue = num(doc.building_replacement_cost) ?? num(doc.building_limit);
  const lossCount = count === null ? null : Number(count);
  const potential = isPotentialRepetitiveLoss({
    priorLoss: doc.underwriting_prior_flood_loss,
    lossCount,
    amount,
    buildingValue,
  });
  const rows: [string, string][] = [
    ['Date', typeof doc.prior_loss_date === 'string' && doc.prior_loss_date ? doc.prior_loss_date : '—'],
    ['Amount', amount === null ? '—' : formatCurrency(amount)],
    ['Claim status', typeof doc.prior_loss_claim_status === 'string' ? doc.prior_loss_claim_status : '—'],
    [
      'Improvements',
      typeof doc.prior_loss_improvement === 'string' && doc.prior_loss_improvement
        ? doc.prior_loss_improvement
        : '—',
    ],
  ];

  return (
    <Modal opened={opened} onClose={onClose} title="Potential repetitive loss" centered size="lg">
      <Stack gap="md">
        <Text size="sm">The application reports a prior flood loss:</Text>
        <Table withRowBorders={false} verticalSpacing={2} aria-label="Reported loss">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Td c="dimmed" w={140}>
                  {label}
                </Table.Td>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            How many flood losses has the building had in the last 10 years?
          </Text>
          <SegmentedControl
            aria-label="Flood losses in the last 10 years"
            value={count ?? ''}
            onChange={setCount}
            data={[
              { value: '1', label: 'Only this one' },
              { value: '2', label: 'Two or more' },
            ]}
          />
        </Stack>
        {count !== null &&
          (potential ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Potential repetitive loss">
              Two or more flood claims over $1,000 in 10 years, or one loss of a quarter of the building’s
              value, make this a repetitive loss building. Most private and managed-program carriers refer or
              decline it: expect fewer quotes, and describe the improvements made since the loss.
            </Alert>
          ) : (
            <Alert color="blue" icon={<IconInfoCircle size={18} />}>
              A single loss below a quarter of the building’s value is not a repetitive loss. Carriers still
              review it: quotes stay preliminary until they do.
            </Alert>
          ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={potential ? 'orange' : undefined} onClick={onLaunch} disabled={count === null}>
            {potential ? 'Launch anyway' : 'Launch'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
