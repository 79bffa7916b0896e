/**
 * The commercial building type dialog of SPEC §2 Dialogs: the agent picks the building type, which
 * is written into the document's `commercial_building_type` (it decides which commercial rules
 * apply, SPEC §5 Conditional removal). Options come from the schema's constant list. ADR 071.
 */
import { Button, Group, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import commercialBuildingTypes from '../../../../schemas/constants/commercial-building-types.json' with {
  type: 'json',
};

/** The building types offered, in the schema's order. SPEC §3 Commercial fields. */
export const COMMERCIAL_BUILDING_TYPES: readonly string[] = commercialBuildingTypes.enum;

/** A short line under the types whose name does not say enough. */
const HINTS: Record<string, string> = {
  'Mixed Used': 'Business and residential use in one building (shops below, apartments above).',
  'Main Street': 'A storefront building on a downtown or village street, businesses at street level.',
  'Apartment Building': 'Residential building of 5 or more units, owned by a business.',
  'Condominium Association': 'The association’s policy for the whole building.',
  Other: 'Describe the operations in the form.',
};

/** Props: open state, the current value, the choice and close. */
export interface CommercialBuildingTypeDialogProps {
  opened: boolean;
  value: string | null;
  onChoose: (buildingType: string) => void;
  onClose: () => void;
}

/** Radio cards of the building types. */
export function CommercialBuildingTypeDialog({
  opened,
  value,
  onChoose,
  onClose,
}: CommercialBuildingTypeDialogProps) {
  const [picked, setPicked] = useState<string | null>(value);
  useEffect(() => {
    if (opened) setPicked(value);
  }, [opened, value]);

  return (
    <Modal opened={opened} onClose={onClose} title="Commercial building type" centered size="xl">
      <Stack gap="md">
        <Text size="sm">
          What kind of building is it? The type decides which questions the commercial form asks and which
          carriers can quote it.
        </Text>
        <Radio.Group value={picked} onChange={setPicked} aria-label="Commercial building type">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {COMMERCIAL_BUILDING_TYPES.map((type) => (
              <Radio.Card key={type} value={type} radius="md" p="sm" aria-label={type}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600} size="sm">
                      {type}
                    </Text>
                    {HINTS[type] && (
                      <Text size="xs" c="dimmed">
                        {HINTS[type]}
                      </Text>
                    )}
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Later
          </Button>
          <Button onClick={() => picked && onChoose(picked)} disabled={!picked}>
            Use this building type
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
