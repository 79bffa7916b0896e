/**
 * The template preview of the messaging console (issue 14): renders the template being edited with
 * the server's renderer (portal-settings/preview-template) for a chosen application, or a sample
 * client when none is given, and shows the rendered texts or the server's error (bad Liquid syntax,
 * an unknown short code, an application the agency does not have).
 */
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TemplatePreview } from '../api/portal-settings-api.ts';
import { previewTemplate } from '../api/portal-settings-api.ts';

/** Props: which kind, the texts as typed, the company. */
export interface TemplatePreviewPanelProps {
  kind: 'email' | 'sms';
  subject: string;
  body: string;
  companyId: number | null;
}

export const APPLICATION_NUMBER_MESSAGE = 'Enter an application number, e.g. RMGA0000042, or leave it empty.';

/** The application id of "RMGA0000042" or "42"; null for empty; undefined when it is no number. */
export function applicationIdOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(?:[a-z]*)0*(\d{1,10})$/i.exec(trimmed);
  return match ? Number(match[1]) : undefined;
}

/** An application field, a Preview button, and the rendered texts or the error. */
export function TemplatePreviewPanel({ kind, subject, body, companyId }: TemplatePreviewPanelProps) {
  const [application, setApplication] = useState('');
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    const applicationId = applicationIdOf(application);
    if (applicationId === undefined) {
      setPreview(null);
      setError(APPLICATION_NUMBER_MESSAGE);
      return;
    }
    setBusy(true);
    const envelope = await previewTemplate(companyId, {
      kind,
      ...(kind === 'email' ? { subject } : {}),
      body,
      ...(applicationId === null ? {} : { application_id: applicationId }),
    });
    setBusy(false);
    if (envelope.status === 'success' && envelope.data) {
      setPreview(envelope.data.preview);
      setError(null);
    } else {
      setPreview(null);
      setError(envelope.message);
    }
  }

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label="Preview for application"
            description="Leave empty for a sample client."
            placeholder="RMGA0000042"
            value={application}
            onChange={(e) => setApplication(e.currentTarget.value)}
          />
          <Button variant="light" onClick={run} loading={busy} disabled={body.trim() === ''}>
            Preview
          </Button>
        </Group>
        {error ? (
          <Alert color="red" title="Cannot preview" role="alert">
            {error}
          </Alert>
        ) : null}
        {preview ? (
          <section aria-label="Template preview">
            <Text size="xs" c="dimmed">
              {preview.sample
                ? 'Rendered for the sample client Jane Sample'
                : 'Rendered for the chosen application'}
            </Text>
            {preview.subject !== null ? (
              <Text size="sm" fw={600}>
                {preview.subject}
              </Text>
            ) : null}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {preview.body}
            </Text>
          </section>
        ) : null}
      </Stack>
    </Paper>
  );
}
