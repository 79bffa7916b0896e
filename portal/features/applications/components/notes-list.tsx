/** Notes of an application with their alert colour and the alert toggle. SPEC §3 Note, §7. */
import { Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatWhen } from '../../../lib/format-when.ts';
import type { Note } from '../api/application-types.ts';
import { toggleApplicationAlertNote } from '../api/toggle-application-alert-note.ts';
import { AlertDot } from './alert-dot.tsx';

/** Props: notes, the application's numeric id, and a reload after a toggle. */
export interface NotesListProps {
  notes: Note[];
  applicationId: number;
  onChanged: () => void;
}

/** Card listing notes newest first; each has an "Alert" switch calling toggle-application-alert-note. */
export function NotesList({ notes, applicationId, onChanged }: NotesListProps) {
  const [busy, setBusy] = useState<number | null>(null);
  const sorted = [...notes].sort((a, b) => b.created_at.localeCompare(a.created_at));

  async function toggle(note: Note) {
    setBusy(note.id);
    const envelope = await toggleApplicationAlertNote(note.id, applicationId);
    setBusy(null);
    if (envelope.status === 'success') onChanged();
  }

  return (
    <Card withBorder radius="md" padding="md">
      {/* A section of the quotes view, under the page's h1 (issue 46: no skipped level). */}
      <Title order={2} size="h5" mb="sm">
        Notes
      </Title>
      {sorted.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes on this application yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {sorted.map((note) => (
            <Group key={note.id} justify="space-between" align="flex-start" wrap="nowrap">
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <div style={{ paddingTop: 4 }}>
                  <AlertDot color={note.payload.is_alert ? note.color : null} />
                </div>
                <div>
                  <Text size="sm">{note.payload.message || note.payload.status}</Text>
                  <Text size="xs" c="dimmed">
                    {note.payload.sent_by} · {formatWhen(note.created_at, 'MMM D, YYYY h:mm A')}
                  </Text>
                </div>
              </Group>
              <Switch
                size="sm"
                label="Alert"
                checked={note.payload.is_alert}
                disabled={busy === note.id}
                onChange={() => toggle(note)}
                aria-label={`Alert for note ${note.id}`}
              />
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
