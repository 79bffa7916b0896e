/**
 * The schema studio's messages editor (issue 11): every message text of the working copy by key,
 * with a search, editable by super-admins and read by admins. An empty text is refused at its input
 * (the lint also reports it).
 */
import { Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { SchemaSet } from '../../../../engine/index.ts';
import { setMessage } from '../model/edit-schema-set.ts';

/** Props: the working copy, the change, and whether the texts may change. */
export interface SchemaMessagesEditorProps {
  set: SchemaSet;
  onChange: (set: SchemaSet) => void;
  editable: boolean;
}

/** The messages of the working copy as a table of inputs, filtered by key or text. */
export function SchemaMessagesEditor({ set, onChange, editable }: SchemaMessagesEditorProps) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = Object.entries(set.messages).filter(
    ([key, text]) =>
      needle === '' || key.toLowerCase().includes(needle) || text.toLowerCase().includes(needle),
  );
  return (
    <Stack gap="sm" component="section" aria-label="Messages">
      <Text size="sm" c="dimmed">
        Placeholders in braces ({'{label}'}, {'{amount}'}) are filled in when a message shows.
      </Text>
      <TextInput
        aria-label="Search the messages"
        placeholder="Search by key or text"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={260}>Key</Table.Th>
            <Table.Th>Text</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map(([key, text]) => (
            <Table.Tr key={key}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {key}
                </Text>
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Text of ${key}`}
                  value={text}
                  readOnly={!editable}
                  error={text.trim() === '' ? 'A message cannot be empty' : undefined}
                  onChange={(event) => onChange(setMessage(set, key, event.currentTarget.value))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          No message matches “{search}”.
        </Text>
      )}
    </Stack>
  );
}
