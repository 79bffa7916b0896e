/**
 * Editing a partner API key after its creation (issue 16, api-credentials/update): its name and
 * the scopes it may use, which take effect on the key's next call; the secret stays as it is.
 * docs/decisions/291-partner-key-scopes.md.
 */
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { type ApiCredential, updateApiCredential } from '../api/api-credentials-api.ts';
import type { PartnerScopeName } from '../api/partner-scope-options.ts';
import { PartnerScopeCheckboxes } from './partner-scope-checkboxes.tsx';

/** Props: the company, the key being edited, and what to do once saved or cancelled. */
export interface ApiCredentialEditFormProps {
  companyId: number | null;
  credential: ApiCredential;
  onSaved: () => void | Promise<void>;
  onCancel: () => void;
}

/** Name and scope checkboxes of one key; Save sends both, confirms with a toast and closes. */
export function ApiCredentialEditForm({
  companyId,
  credential,
  onSaved,
  onCancel,
}: ApiCredentialEditFormProps) {
  const [name, setName] = useState(credential.name);
  const [scopes, setScopes] = useState<PartnerScopeName[]>(credential.scopes);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = `edit-credential-${credential.id}`;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError('Name cannot be empty!');
      return;
    }
    setBusy(true);
    const envelope = await updateApiCredential(companyId, credential.id, { name: name.trim(), scopes });
    setBusy(false);
    if (envelope.status !== 'success') return;
    showToast('success', 'Credential saved', `"${name.trim()}" now has ${scopes.length || 'no'} scope(s).`);
    await onSaved();
  }

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="form"
      onSubmit={save}
      noValidate
      aria-labelledby={titleId}
    >
      <Stack gap="xs">
        <Title order={3} size="h6" id={titleId}>
          Edit {credential.name}
        </Title>
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <PartnerScopeCheckboxes value={scopes} onChange={setScopes} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={busy}>
            Save scopes
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
