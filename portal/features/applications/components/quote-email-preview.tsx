/**
 * The send dialog's preview of the e-mail (issue 40, docs/decisions/752-sending-follows-the-comparison.md):
 * the subject and message as the client will read them, rendered by the server's one template
 * renderer (preview-quote-email) for the chosen quotes, a moment after the agent stops typing.
 * States: nothing to render yet, rendering, the template's problem, the rendered texts.
 */
import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { previewQuoteEmail } from '../api/quote-documents.ts';

/** Milliseconds of quiet typing before the preview is rendered again. */
const PREVIEW_DELAY_MS = 300;

/** Props: the application, the quotes chosen, and the subject and message as typed. */
export interface QuoteEmailPreviewProps {
  applicationId: number;
  quoteIds: number[];
  subject: string;
  message: string;
}

/** The rendered e-mail, or why it cannot be shown. */
export function QuoteEmailPreview({ applicationId, quoteIds, subject, message }: QuoteEmailPreviewProps) {
  // A string, so the debounce waits for the texts to settle rather than for a new object each render.
  const [settled] = useDebouncedValue(JSON.stringify({ quoteIds, subject, message }), PREVIEW_DELAY_MS);
  const body = JSON.parse(settled) as { quoteIds: number[]; subject: string; message: string };
  const ready = body.quoteIds.length > 0 && body.subject.trim() !== '';
  const preview = useQuery({
    queryKey: ['applications', applicationId, 'quote-email-preview', settled],
    queryFn: () =>
      previewQuoteEmail({
        application_id: applicationId,
        quote_ids: body.quoteIds,
        subject: body.subject,
        message: body.message,
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
    retry: false,
  });

  return (
    <Stack gap={4} role="region" aria-label="E-mail preview">
      <Text size="sm" fw={500}>
        Preview
      </Text>
      {!ready ? (
        <Text size="sm" c="dimmed">
          Choose a quote and enter a subject to see the e-mail as the client will read it.
        </Text>
      ) : preview.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The preview cannot be shown">
          {preview.error.message}
        </Alert>
      ) : !preview.data ? (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Filling in the e-mail…
          </Text>
        </Group>
      ) : (
        <Paper withBorder radius="sm" p="sm" aria-busy={preview.isFetching}>
          <Text size="xs" c="dimmed">
            Subject
          </Text>
          <Text size="sm" fw={600}>
            {preview.data.subject}
          </Text>
          <Text size="xs" c="dimmed" mt={6}>
            Message
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {preview.data.message}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
