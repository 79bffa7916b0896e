/**
 * The application sources dialog of SPEC §2 Dialogs: add, rename, switch on or off and delete the
 * sources an application can come from (portal-settings/application-sources/*).
 */
import { ActionIcon, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ApplicationSource } from '../api/portal-settings-api.ts';
import {
  createSettingsItem,
  deleteSettingsItem,
  updateSettingsItem,
  useApplySettings,
} from '../api/portal-settings-api.ts';

/** Props: open state, the sources, the company (null = own), close. */
export interface ApplicationSourcesDialogProps {
  opened: boolean;
  sources: ApplicationSource[];
  companyId: number | null;
  onClose: () => void;
}

/** Why `name` cannot be a new source name (empty, or taken, case-insensitively), or null. */
export function sourceNameProblem(
  name: string,
  sources: ApplicationSource[],
  exceptId?: number,
): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Name cannot be empty!';
  const taken = sources.some(
    (s) => s.id !== exceptId && s.name.trim().toLowerCase() === trimmed.toLowerCase(),
  );
  return taken ? 'This source already exists.' : null;
}

function SourceRow({
  source,
  sources,
  onSave,
  onDelete,
}: {
  source: ApplicationSource;
  sources: ApplicationSource[];
  onSave: (item: Omit<ApplicationSource, 'id'>) => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  const [name, setName] = useState(source.name);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setName(source.name), [source.name]);
  const problem = () => sourceNameProblem(name, sources, source.id);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <TextInput
        aria-label={`Name of ${source.name}`}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={error}
        style={{ flex: 1 }}
      />
      <ActionIcon
        variant="light"
        size="lg"
        aria-label={`Save ${source.name}`}
        disabled={name.trim() === source.name}
        onClick={async () => {
          const p = problem();
          setError(p);
          if (!p) await onSave({ name: name.trim(), is_active: source.is_active });
        }}
      >
        <IconCheck size={16} />
      </ActionIcon>
      <Switch
        mt={8}
        aria-label={`${source.name} active`}
        checked={source.is_active}
        onChange={(e) => onSave({ name: source.name, is_active: e.currentTarget.checked })}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`Delete ${source.name}`}
        onClick={onDelete}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** Editable list plus an "Add source" row. */
export function ApplicationSourcesDialog({
  opened,
  sources,
  companyId,
  onClose,
}: ApplicationSourcesDialogProps) {
  const apply = useApplySettings(companyId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setName('');
      setError(null);
    }
  }, [opened]);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    const problem = sourceNameProblem(name, sources);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const envelope = await apply(
      createSettingsItem(companyId, 'application-sources', { name: name.trim(), is_active: true }),
    );
    setBusy(false);
    if (envelope.status === 'success') setName('');
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Application sources" size="lg" centered>
      <Stack gap="md">
        {sources.length === 0 ? (
          <Text c="dimmed" size="sm">
            No application sources yet. Applications created in the portal use Agent Portal.
          </Text>
        ) : (
          sources.map((source) => (
            <SourceRow
              key={source.id}
              source={source}
              sources={sources}
              onSave={async (item) => {
                await apply(updateSettingsItem(companyId, 'application-sources', source.id, item));
              }}
              onDelete={async () => {
                await apply(deleteSettingsItem(companyId, 'application-sources', source.id));
              }}
            />
          ))
        )}
        <form onSubmit={add} noValidate>
          <Group gap="xs" align="flex-start">
            <TextInput
              placeholder="New source, e.g. Website"
              aria-label="New source name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={busy}>
              Add source
            </Button>
          </Group>
        </form>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
