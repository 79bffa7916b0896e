/**
 * The API credentials dialog of SPEC §2 Dialogs: list the company's credentials, create one (its
 * secret shown once, with a copy button) and revoke (api-credentials/*).
 */
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import type { ApiCredential } from '../api/admin-types.ts';
import {
  apiCredentialsQueryOptions,
  createApiCredential,
  revokeApiCredential,
  useApiCredentials,
} from '../api/api-credentials-api.ts';
import { EmptyState } from './empty-state.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

/** Props: open state, the company, close. */
export interface ApiCredentialsDialogProps {
  opened: boolean;
  companyId: number | null;
  onClose: () => void;
}

/** The credentials table and the create form; the new secret lives only in this dialog's state. */
export function ApiCredentialsDialog({ opened, companyId, onClose }: ApiCredentialsDialogProps) {
  const queryClient = useQueryClient();
  const query = useApiCredentials(companyId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiCredential | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState<number | null>(null);

  useEffect(() => {
    // The secret is shown once: closing the dialog forgets it.
    if (!opened) {
      setCreated(null);
      setName('');
      setError(null);
      setConfirmRevoke(null);
    }
  }, [opened]);

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: apiCredentialsQueryOptions(companyId).queryKey });

  async function create(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError('Name cannot be empty!');
      return;
    }
    setError(null);
    setBusy(true);
    const envelope = await createApiCredential(companyId, name.trim());
    setBusy(false);
    if (envelope.status === 'success' && envelope.data?.credential) {
      setCreated(envelope.data.credential);
      setName('');
      await refresh();
    }
  }

  async function revoke(id: number) {
    const envelope = await revokeApiCredential(companyId, id);
    setConfirmRevoke(null);
    if (envelope.status === 'success') await refresh();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="API credentials" size="xl" centered>
      <Stack gap="md">
        {created?.secret ? (
          <Alert color="green" title={`Credential "${created.name}" created`}>
            <Stack gap="xs">
              <Text size="sm">Copy the secret now. It is shown only once and cannot be retrieved later.</Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">Key ID</Text>
                <Code>{created.key_id}</Code>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">Secret</Text>
                <Code data-testid="api-secret" style={{ wordBreak: 'break-all' }}>
                  {created.secret}
                </Code>
                <CopyButton value={created.secret}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" onClick={copy}>
                      {copied ? 'Copied' : 'Copy secret'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Group justify="flex-end">
                <Button size="xs" variant="light" onClick={() => setCreated(null)}>
                  I have copied it
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <form onSubmit={create} noValidate>
          <Group gap="xs" align="flex-start">
            <TextInput
              aria-label="Credential name"
              placeholder="Name, e.g. CRM integration"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={busy}>
              Create credential
            </Button>
          </Group>
        </form>
        {query.isPending ? (
          <TableSkeleton rows={3} label="Loading credentials" />
        ) : query.isError ? (
          <LoadError
            title="Could not load the credentials"
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : query.data.length === 0 ? (
          <EmptyState title="No API credentials yet" hint="Create one for each system that calls the API." />
        ) : (
          <Table aria-label="API credentials" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Key ID</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((credential) => (
                <Table.Tr key={credential.id}>
                  <Table.Td>{credential.name}</Table.Td>
                  <Table.Td>
                    <Code>{credential.key_id}</Code>
                  </Table.Td>
                  <Table.Td>{dayjs(credential.created_at).format('MMM D, YYYY')}</Table.Td>
                  <Table.Td>
                    {credential.last_used_at ? dayjs(credential.last_used_at).format('MMM D, YYYY') : 'Never'}
                  </Table.Td>
                  <Table.Td>
                    {credential.revoked_at ? (
                      <Badge color="gray" variant="light" radius="sm">
                        Revoked
                      </Badge>
                    ) : (
                      <Badge color="green" variant="light" radius="sm">
                        Active
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {credential.revoked_at ? null : confirmRevoke === credential.id ? (
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" color="red" onClick={() => revoke(credential.id)}>
                          Confirm revoke
                        </Button>
                        <Button size="compact-xs" variant="default" onClick={() => setConfirmRevoke(null)}>
                          Keep
                        </Button>
                      </Group>
                    ) : (
                      <Button
                        size="compact-xs"
                        color="red"
                        variant="subtle"
                        aria-label={`Revoke ${credential.name}`}
                        onClick={() => setConfirmRevoke(credential.id)}
                      >
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
