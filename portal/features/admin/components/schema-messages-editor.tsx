/**
 * The schema studio's message editor (issue 11): every message text of the current version, by
 * key, editable by super-admins and read by admins; the edited texts are saved as a new draft
 * (with the problems the lint finds in it), which the versions list then publishes.
 */
import { Alert, Button, Card, Group, List, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { type SchemaSetProblem, saveDraft, useSchemaVersion } from '../api/schema-studio-api.ts';
import { LoadError } from './load-error.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

/** Props: the version whose texts are shown, and whether they may be changed. */
export interface SchemaMessagesEditorProps {
  version: number;
  editable: boolean;
}

/** The messages of `version` as a table of inputs, with "Save as draft" for super-admins. */
export function SchemaMessagesEditor({ version, editable }: SchemaMessagesEditorProps) {
  const detail = useSchemaVersion(version);
  const queryClient = useQueryClient();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<SchemaSetProblem[]>([]);
  if (detail.isPending) return <TableSkeleton rows={6} label="Loading the messages" />;
  if (detail.isError)
    return (
      <LoadError title="Could not load the messages" error={detail.error} onRetry={() => detail.refetch()} />
    );
  const messages = detail.data.schema_set.messages;
  const changed = Object.entries(edits).filter(([key, text]) => text !== messages[key]);
  const empty = changed.some(([, text]) => text.trim() === '');
  const save = async () => {
    setBusy(true);
    const answer = await saveDraft(
      { ...detail.data.schema_set, messages: { ...messages, ...edits } },
      note || `${changed.length} message(s) changed`,
    );
    setBusy(false);
    if (answer.status !== 'success' || !answer.data) return;
    setProblems(answer.data.problems);
    showToast(
      'success',
      'Draft saved',
      `Draft ${answer.data.version} holds your changes; publish it from the versions list.`,
    );
    setEdits({});
    setNote('');
    await queryClient.invalidateQueries({ queryKey: ['schema-studio', 'versions'] });
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Messages">
      <Stack gap="sm">
        <Text fw={600}>Messages of version {version}</Text>
        <Text size="sm" c="dimmed">
          Placeholders in braces ({'{label}'}, {'{amount}'}) are filled in when a message shows.
        </Text>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={280}>Key</Table.Th>
              <Table.Th>Text</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(messages).map(([key, text]) => (
              <Table.Tr key={key}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {key}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Text of ${key}`}
                    value={edits[key] ?? text}
                    readOnly={!editable}
                    error={
                      edits[key] !== undefined && edits[key].trim() === ''
                        ? 'A message cannot be empty'
                        : undefined
                    }
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setEdits((current) => ({ ...current, [key]: value }));
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {editable && (
          <Group align="flex-end">
            <TextInput
              label="Change note"
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button onClick={save} loading={busy} disabled={changed.length === 0 || empty}>
              Save as draft
            </Button>
          </Group>
        )}
        {problems.length > 0 && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title="The draft has problems; it cannot be published until they are fixed"
          >
            <List size="sm" spacing={4}>
              {problems.map((problem) => (
                <List.Item key={`${problem.kind}:${problem.path.join('/')}`}>{problem.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
