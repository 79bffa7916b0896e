/**
 * The carrier connections dialog of portal settings (issue 19): per live connection of
 * carriers.json, a switch, its credentials (write-only: the server answers only which are set,
 * an empty field keeps the stored one), Save, and Test connection showing the masked exchange.
 * docs/decisions/360-carrier-connections-as-data.md.
 */
import { Button, Divider, Group, Modal, PasswordInput, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import {
  type CarrierConnection,
  type CarrierConnectionTest,
  carrierConnectionsQueryKey,
  testCarrierConnection,
  updateCarrierConnection,
} from '../api/carrier-connections-api.ts';
import { CarrierConnectionTestResult } from './carrier-connection-test-result.tsx';

/** What a credential field is called. */
export const CREDENTIAL_LABELS: Record<string, string> = {
  api_key: 'API key',
  username: 'Username',
  password: 'Password',
  client_id: 'Client id',
  client_secret: 'Client secret',
};

/** What an auth kind is called. */
export const AUTH_KIND_LABELS: Record<CarrierConnection['auth_kind'], string> = {
  api_key: 'API key',
  basic: 'Username and password',
  oauth2_client_credentials: 'OAuth2 client credentials',
};

/** The typed credentials only: empty fields are left out, so the stored values stay. */
export function typedCredentials(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(form).filter(([, value]) => value !== ''));
}

function ConnectionSection({
  connection,
  companyId,
}: {
  connection: CarrierConnection;
  companyId: number | null;
}) {
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(connection.enabled);
  const [form, setForm] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [test, setTest] = useState<{ message: string; test: CarrierConnectionTest } | null>(null);

  useEffect(() => setEnabled(connection.enabled), [connection.enabled]);

  async function save() {
    setBusy('save');
    const envelope = await updateCarrierConnection(companyId, connection.id, enabled, typedCredentials(form));
    setBusy(null);
    if (envelope.status === 'success' && envelope.data) {
      queryClient.setQueryData(carrierConnectionsQueryKey(companyId), envelope.data.connections);
      setForm({});
      setErrors({});
      showToast('success', 'Saved', `${connection.label} saved.`);
    } else {
      setErrors(envelope.error_obj ?? {});
      showToast('warning', 'Not saved', envelope.message);
    }
  }

  async function runTest() {
    setBusy('test');
    const envelope = await testCarrierConnection(companyId, connection.id);
    setBusy(null);
    if (envelope.status === 'success' && envelope.data)
      setTest({ message: envelope.message, test: envelope.data.test });
    else showToast('warning', 'Test not run', envelope.message);
  }

  return (
    <Stack gap="xs" component="section" aria-label={connection.label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{connection.label}</Text>
          <Text size="xs" c="dimmed">
            {AUTH_KIND_LABELS[connection.auth_kind]} · {connection.endpoint}
          </Text>
          <Text size="xs" c="dimmed">
            Quotes {connection.carriers.join(', ') || 'no carrier'} live instead of the sandbox.
          </Text>
        </div>
        <Switch
          label="Live quotes"
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
      </Group>
      {connection.credential_names.map((name) => (
        <PasswordInput
          key={name}
          label={CREDENTIAL_LABELS[name] ?? name}
          description={
            connection.credentials_set.includes(name) ? 'Set. Leave empty to keep it.' : 'Not set.'
          }
          autoComplete="new-password"
          value={form[name] ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setForm((prev) => ({ ...prev, [name]: value }));
          }}
          error={errors[`credentials.${name}`]}
        />
      ))}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={runTest} loading={busy === 'test'} disabled={busy === 'save'}>
          Test connection
        </Button>
        <Button onClick={save} loading={busy === 'save'} disabled={busy === 'test'}>
          Save
        </Button>
      </Group>
      {test && <CarrierConnectionTestResult message={test.message} test={test.test} />}
    </Stack>
  );
}

/** Props: open state, the company's connections, the company, close. */
export interface CarrierConnectionsDialogProps {
  opened: boolean;
  connections: CarrierConnection[];
  companyId: number | null;
  onClose: () => void;
}

/** Modal with one section per connection. */
export function CarrierConnectionsDialog({
  opened,
  connections,
  companyId,
  onClose,
}: CarrierConnectionsDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Carrier connections"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close carrier connections' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Carriers answer with sandbox rates until their connection is switched on with your agency's
          credentials. Test a connection first: it quotes a sample application.
        </Text>
        {connections.map((connection, index) => (
          <Stack key={connection.id} gap="md">
            {index > 0 && <Divider />}
            <ConnectionSection connection={connection} companyId={companyId} />
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
