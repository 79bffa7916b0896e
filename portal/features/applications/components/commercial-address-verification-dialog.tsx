/**
 * The commercial address verification dialog of SPEC §2 Dialogs: before the commercial form, the
 * agent confirms the address and that the building is used for business. ADR 071.
 */
import { Alert, Anchor, Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconBuildingStore, IconMapPin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** The address lines shown for confirmation. */
export interface VerifiedAddress {
  searched_address: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  county: string;
  flood_zone: string;
}

/** Props: open state, the document's address, confirm, and "not commercial". */
export interface CommercialAddressVerificationDialogProps {
  opened: boolean;
  address: VerifiedAddress;
  onConfirm: () => void;
  onNotCommercial: () => void;
  onClose: () => void;
}

/** Address table, a map link and the two confirmations. */
export function CommercialAddressVerificationDialog({
  opened,
  address,
  onConfirm,
  onNotCommercial,
  onClose,
}: CommercialAddressVerificationDialogProps) {
  const [addressOk, setAddressOk] = useState(false);
  const [commercialOk, setCommercialOk] = useState(false);
  useEffect(() => {
    if (opened) {
      setAddressOk(false);
      setCommercialOk(false);
    }
  }, [opened]);

  const rows: [string, string][] = [
    ['Address', [address.address1, address.address2].filter(Boolean).join(', ')],
    ['City', address.city],
    ['State', address.state],
    ['Zip', address.zip],
    ['County', address.county],
    ['Flood zone', address.flood_zone || 'Not determined yet'],
  ];
  const mapQuery = address.searched_address || rows[0][1];

  return (
    <Modal opened={opened} onClose={onClose} title="Commercial address verification" centered size="lg">
      <Stack gap="md">
        <Text size="sm">
          Commercial carriers rate the exact building. Check the address and the kind of building before you
          fill in the commercial form.
        </Text>
        <Table withRowBorders={false} verticalSpacing={4} aria-label="Address to verify">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Td c="dimmed" w={120}>
                  {label}
                </Table.Td>
                <Table.Td fw={500}>{value || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {mapQuery && (
          <Anchor
            href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(mapQuery)}`}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
          >
            <Group gap={4}>
              <IconMapPin size={16} aria-hidden />
              View the building on the map
            </Group>
          </Anchor>
        )}
        <Checkbox
          label="The address is correct and is the building to insure"
          checked={addressOk}
          onChange={(e) => setAddressOk(e.currentTarget.checked)}
        />
        <Checkbox
          label="The building is used for business: commercial, mixed use, or a residential building of 5 or more units"
          checked={commercialOk}
          onChange={(e) => setCommercialOk(e.currentTarget.checked)}
        />
        <Alert color="gray" icon={<IconBuildingStore size={18} />}>
          A house, townhouse or building of 1 to 4 units used as a home is not commercial: quote it as
          Residential Primary or Excess instead.
        </Alert>
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={onNotCommercial}>
            Not a commercial building
          </Button>
          <Button onClick={onConfirm} disabled={!addressOk || !commercialOk}>
            Confirm address
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
