/**
 * The API credentials dialog of SPEC §2 Dialogs: list the company's credentials (the partner API
 * keys of issue 16) with their scopes, create one with chosen scopes, edit a key's name and scopes
 * later, rotate and revoke; a new
 * secret is shown once, with a copy button (api-credentials/*).
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
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { formatInUserZone } from '../../../lib/format-when.ts';
import type { ApiCredential, CreatedCredential } from '../api/api-credentials-api.ts';
import {
  apiCredentialsQueryOptions,
  createApiCredential,
  revokeApiCredential,
  rotateApiCredential,
  useApiCredentials,
} from '../api/api-credentials-api.ts';
import { PARTNER_SCOPE_OPTIONS, type PartnerScopeName } from '../api/partner-scope-options.ts';
import { ApiCredentialEditForm } from './api-credential-edit-form.tsx';
import { EmptyState } from './empty-state.tsx';
import { PartnerScopeCheckboxes } from './partner-scope-checkboxes.tsx';
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
  const [scopes, setScopes] = useState<PartnerScopeName[]>([PARTNER_SCOPE_OPTIONS[0].value]);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ credential: CreatedCredential; rotated: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<{ id: number; action: 'rotate' | 'revoke' } | null>(null);
  const [editing, setEditing] = useState<ApiCredential | null>(null);

  useEffect(() => {
    // The secret is shown once: closing the dialog forgets it.
    if (!opened) {
      setCreated(null);
      setName('');
      setScopes([PARTNER_SCOPE_OPTIONS[0].value]);
      setError(null);
      setConfirm(null);
      setEditing(null);
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
    const envelope = await createApiCredential(companyId, name.trim(), scopes);
    setBusy(false);
    if (envelope.status === 'success' && envelope.data?.credential) {
      setCreated({ credential: envelope.data.credential, rotated: false });
      setName('');
      await refresh();
    }
  }

  async function act(id: number, action: 'rotate' | 'revoke') {
    if (action === 'rotate') {
      const envelope = await rotateApiCredential(companyId, id);
      setConfirm(null);
      if (envelope.status !== 'success') return;
      if (envelope.data) setCreated({ credential: envelope.data.credential, rotated: true });
    } else {
      const envelope = await revokeApiCredential(companyId, id);
      setConfirm(null);
      if (envelope.status !== 'success') return;
    }
    await refresh();
  }

  const scopeLabel = (scope: string) =>
    PARTNER_SCOPE_OPTIONS.find((option) => option.value === scope)?.label ?? scope;

  return (
    // Seven columns with three actions: wider than xl so scope badges and status are not cut.
    <Modal opened={opened} onClose={onClose} title="API credentials" size="min(72rem, 95vw)" centered>
      <Stack gap="md">
        {created?.credential.secret ? (
          <Alert
            color="green"
            title={`Credential "${created.credential.name}" ${created.rotated ? 'rotated' : 'created'}`}
          >
            <Stack gap="xs">
              <Text size="sm">
                Copy the secret now. It is shown only once and cannot be retrieved later.
                {created.rotated ? ' The previous secret no longer works.' : ''}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">Key ID</Text>
                <Code>{created.credential.key_id}</Code>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">Secret</Text>
                <Code data-testid="api-secret" style={{ wordBreak: 'break-all' }}>
                  {created.credential.secret}
                </Code>
                <CopyButton value={created.credential.secret}>
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
          <Stack gap="xs">
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
            <PartnerScopeCheckboxes value={scopes} onChange={setScopes} />
          </Stack>
        </form>
        {editing && (
          <ApiCredentialEditForm
            key={editing.id}
            companyId={companyId}
            credential={editing}
            onCancel={() => setEditing(null)}
            onSaved={async () => {
              setEditing(null);
              await refresh();
            }}
          />
        )}
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
                <Table.Th>Scopes</Table.Th>
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
                  <Table.Td>
                    {credential.scopes.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        None
                      </Text>
                    ) : (
                      <Group gap={4}>
                        {credential.scopes.map((scope) => (
                          <Badge
                            key={scope}
                            variant="outline"
                            radius="sm"
                            size="sm"
                            title={scopeLabel(scope)}
                          >
                            {scope}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>{formatInUserZone(credential.created_at, 'MMM D, YYYY')}</Table.Td>
                  <Table.Td>
                    {credential.last_used_at
                      ? formatInUserZone(credential.last_used_at, 'MMM D, YYYY')
                      : 'Never'}
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
                    {credential.revoked_at ? null : confirm?.id === credential.id ? (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          color={confirm.action === 'revoke' ? 'red' : undefined}
                          onClick={() => act(credential.id, confirm.action)}
                        >
                          {confirm.action === 'revoke' ? 'Confirm revoke' : 'Confirm rotate'}
                        </Button>
                        <Button size="compact-xs" variant="default" onClick={() => setConfirm(null)}>
                          Keep
                        </Button>
                      </Group>
                    ) : (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-label={`Edit ${credential.name}`}
                          onClick={() => setEditing(credential)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-label={`Rotate ${credential.name}`}
                          onClick={() => setConfirm({ id: credential.id, action: 'rotate' })}
                        >
                          Rotate
                        </Button>
                        <Button
                          size="compact-xs"
                          color="red"
                          variant="subtle"
                          aria-label={`Revoke ${credential.name}`}
                          onClick={() => setConfirm({ id: credential.id, action: 'revoke' })}
                        >
                          Revoke
                        </Button>
                      </Group>
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
