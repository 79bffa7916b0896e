/** The short codes dialog of SPEC §2 Dialogs: every short code templates and banners may use, with copy. */
import { Button, CopyButton, Group, Modal, Table, Text } from '@mantine/core';
import type { ShortCode } from '../api/portal-settings-api.ts';

/** Props: open state, the short codes, close. */
export interface ShortCodesDialogProps {
  opened: boolean;
  shortCodes: ShortCode[];
  onClose: () => void;
}

/** Table of codes and what each becomes, each with a Copy button. */
export function ShortCodesDialog({ opened, shortCodes, onClose }: ShortCodesDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Short codes" size="lg" centered>
      {shortCodes.length === 0 ? (
        <Text c="dimmed" size="sm">
          No short codes are available.
        </Text>
      ) : (
        <Table aria-label="Short codes" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Becomes</Table.Th>
              <Table.Th aria-label="Copy" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shortCodes.map((code) => (
              <Table.Tr key={code.code}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {code.code}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{code.description}</Text>
                </Table.Td>
                <Table.Td>
                  <CopyButton value={code.code}>
                    {({ copied, copy }) => (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={copy}
                        aria-label={`Copy ${code.code}`}
                      >
                        {copied ? 'Copied' : 'Copy'}
                      </Button>
                    )}
                  </CopyButton>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
