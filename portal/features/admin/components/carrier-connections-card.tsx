/**
 * The "Carrier connections" card of global settings (issue 19): each live connection with
 * whether it is on, and the button opening the dialog to enter credentials, test and switch.
 */
import { Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useCarrierConnections } from '../api/carrier-connections-api.ts';
import { CarrierConnectionsDialog } from './carrier-connections-dialog.tsx';
import { SettingsCard } from './settings-card.tsx';

/** Props: the super-admin's chosen company (null = own). */
export function CarrierConnectionsCard({ companyId }: { companyId: number | null }) {
  const [opened, setOpened] = useState(false);
  const query = useCarrierConnections(companyId);
  const connections = query.data ?? [];
  return (
    <>
      <SettingsCard
        title="Carrier connections"
        description="Live quotes from carriers' own rating APIs instead of sandbox rates."
        actionLabel="Manage carrier connections"
        onAction={() => setOpened(true)}
      >
        {query.isError ? (
          <Text size="sm" c="dimmed">
            The carrier connections could not be loaded.
          </Text>
        ) : (
          connections.map((connection) => (
            <Group key={connection.id} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" lineClamp={1}>
                {connection.label}
              </Text>
              <Text size="sm" ta="right">
                {connection.enabled ? 'On' : 'Off (sandbox)'}
              </Text>
            </Group>
          ))
        )}
      </SettingsCard>
      <CarrierConnectionsDialog
        opened={opened}
        connections={connections}
        companyId={companyId}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
