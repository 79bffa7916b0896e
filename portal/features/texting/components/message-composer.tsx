/**
 * The composer under a thread: a stored SMS template (its short codes are filled in by the server
 * for the conversation's application) or free text, sent with the button or Ctrl+Enter. A refused
 * send shows the provider's reason; the failed message stays in the thread with it.
 */
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type SmsTemplate, sendTextMessage, TEXTING_KEY } from '../api/texting-api.ts';

/** Largest text the server takes (Twilio's limit), in characters. */
const MAX_LENGTH = 1600;

/** Props: the conversation and the company's templates. */
export interface MessageComposerProps {
  conversationId: number;
  templates: SmsTemplate[];
}

/** Template picker, text area and Send. */
export function MessageComposer({ conversationId, templates }: MessageComposerProps) {
  const queryClient = useQueryClient();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const template = templates.find((entry) => String(entry.id) === templateId) ?? null;
  const ready = template !== null || text.trim() !== '';

  async function send() {
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    const envelope = await sendTextMessage(
      conversationId,
      template ? { template_id: template.id } : { body: text.trim() },
    );
    setBusy(false);
    if (envelope.status === 'success') {
      setText('');
      setTemplateId(null);
    } else {
      setError(envelope.message || 'The message could not be sent.');
    }
    await queryClient.invalidateQueries({ queryKey: TEXTING_KEY });
  }

  return (
    <Stack gap="xs" p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {error ? (
        <Alert color="red" variant="light" title="Not sent" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      <Select
        label="Template"
        placeholder={templates.length ? 'Free text (or choose a template)' : 'No SMS templates yet'}
        data={templates.map((entry) => ({ value: String(entry.id), label: entry.name }))}
        value={templateId}
        onChange={setTemplateId}
        clearable
        disabled={templates.length === 0}
        size="xs"
        maw={360}
      />
      <Group align="flex-end" wrap="nowrap" gap="sm">
        <Textarea
          label="Message"
          style={{ flex: 1 }}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_LENGTH}
          placeholder="Write a text to the client"
          value={template ? template.body : text}
          readOnly={template !== null}
          description={template ? 'Short codes are filled in for this client when sent.' : undefined}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <Button
          leftSection={<IconSend size={16} />}
          onClick={() => void send()}
          loading={busy}
          disabled={!ready}
        >
          Send
        </Button>
      </Group>
      {template === null ? (
        <Text size="xs" c="dimmed">
          {text.length} / {MAX_LENGTH} characters · Ctrl+Enter sends
        </Text>
      ) : null}
    </Stack>
  );
}
