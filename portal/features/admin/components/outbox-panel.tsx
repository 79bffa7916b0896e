/**
 * The outbox section of the messaging console (issue 43, docs/decisions/763): the e-mails and texts
 * the agency sent its clients, newest first, each with its kind, recipient, status badge, attempts
 * and the reason it failed; filtered by channel, status, kind and application; paged. A failed
 * message has "Resend", which asks first and then sends the stored message again; the outcome shows
 * in the dialog when it fails again, else as a notification. docs/api-accounts.md Outbox.
 */
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApplicationLink } from '../../../components/application-link.tsx';
import { CountedPages } from '../../../components/counted-pages.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatInUserZone } from '../../../lib/format-when.ts';
import { showToast } from '../../../lib/toast.ts';
import { listingPerPage } from '../../../lib/user-settings.ts';
import {
  NO_OUTBOX_FILTERS,
  OUTBOX_TEMPLATE_LABELS,
  type OutboxFilters,
  type OutboxMessage,
  resendOutboxMessage,
  useOutbox,
} from '../api/outbox-api.ts';
import { EmptyState } from './empty-state.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

/** Each status's badge colour and words. */
export const OUTBOX_STATUS_BADGES: Record<OutboxMessage['status'], { color: string; label: string }> = {
  sent: { color: 'green', label: 'Sent' },
  failed: { color: 'red', label: 'Failed' },
};

const CHANNEL_WORDS: Record<OutboxMessage['channel'], string> = { email: 'E-mail', sms: 'Text' };

const TEMPLATE_CHOICES = Object.entries(OUTBOX_TEMPLATE_LABELS).map(([value, label]) => ({ value, label }));

/** The empty state's words when no message matches the filters. */
export const NO_OUTBOX_MESSAGES = 'No messages match these filters.';

/** What the row shows of the message: an e-mail's subject, a text's start. */
function gist(message: OutboxMessage): string {
  if (message.subject !== null) return message.subject;
  return message.body.length > 80 ? `${message.body.slice(0, 79)}…` : message.body;
}

function MessageRow({ message, onResend }: { message: OutboxMessage; onResend: () => void }) {
  const badge = OUTBOX_STATUS_BADGES[message.status];
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatInUserZone(message.created_at, 'MMM D, HH:mm')}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{OUTBOX_TEMPLATE_LABELS[message.template_key]}</Text>
        <Text size="xs" c="dimmed">
          {message.triggered_by_name ? `By ${message.triggered_by_name}` : 'Automatic'}
          {message.application_id !== null ? ' · ' : ''}
          {message.application_id !== null ? (
            <ApplicationLink applicationId={message.application_id} size="xs">
              {message.application_reference}
            </ApplicationLink>
          ) : null}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{message.recipient}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-word' }}>
        <Text size="sm">{gist(message)}</Text>
        {message.attachment_name ? (
          <Text size="xs" c="dimmed">
            {message.attachment_name}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge color={badge.color} variant="light" radius="sm" styles={{ label: { overflow: 'visible' } }}>
          {badge.label}
        </Badge>
        {message.attempts > 1 ? (
          <Text size="xs" c="dimmed">
            {message.attempts} attempts
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ wordBreak: 'break-word' }}>
        <Text size="xs">{message.error ?? ''}</Text>
      </Table.Td>
      <Table.Td>
        {message.status === 'failed' ? (
          <Button
            size="xs"
            variant="light"
            onClick={onResend}
            aria-label={`Resend the ${CHANNEL_WORDS[message.channel].toLowerCase()} to ${message.recipient}`}
          >
            Resend
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** The confirmation of a resend: the question, then the call; a renewed failure shows inline. */
function ResendDialog({
  message,
  companyId,
  onClose,
}: {
  message: OutboxMessage | null;
  companyId: number | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };

  async function confirm() {
    if (!message) return;
    setBusy(true);
    const envelope = await resendOutboxMessage(companyId, message.id);
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] });
    if (envelope.status === 'success') {
      showToast('success', 'Message sent', `${envelope.message} To ${message.recipient}.`);
      close();
      return;
    }
    setError(envelope.message || 'The message could not be sent again. Internet issue or contact IT.');
  }

  const what = message ? (message.channel === 'email' ? 'e-mail' : 'text') : '';
  return (
    <Modal opened={message !== null} onClose={close} title="Resend message" centered>
      <Stack gap="md">
        <Text size="sm">
          Send this {what} to {message?.recipient} again, as it was written
          {message?.attachment_name ? `, with ${message.attachment_name}` : ''}? It goes through the agency's{' '}
          {message?.channel === 'email' ? 'e-mail' : 'SMS'} settings as they are now.
        </Text>
        {message ? (
          <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
            {gist(message)}
          </Text>
        ) : null}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={busy}>
            Resend now
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Props: the company (null = own). */
export interface OutboxPanelProps {
  companyId: number | null;
}

/** The outbox section: filters, the page of messages, the pager and the resend dialog. */
export function OutboxPanel({ companyId }: OutboxPanelProps) {
  const [filters, setFilters] = useState<OutboxFilters>(NO_OUTBOX_FILTERS);
  const [page, setPage] = useState(1);
  const [resending, setResending] = useState<OutboxMessage | null>(null);
  const query = useOutbox(companyId, filters, page, listingPerPage());
  const filter = (next: Partial<OutboxFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const data = query.data;
  const filtered = Object.values(filters).some((value) => value !== '');

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Outbox">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600}>Outbox</Text>
            <Text size="sm" c="dimmed">
              E-mails and texts sent to clients, newest first. A failed one can be sent again.
            </Text>
          </div>
          <Button size="xs" variant="default" onClick={() => query.refetch()}>
            Refresh outbox
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label="Channel"
            placeholder="E-mail and text"
            clearable
            data={[
              { value: 'email', label: 'E-mail' },
              { value: 'sms', label: 'Text' },
            ]}
            value={filters.channel || null}
            onChange={(value) => filter({ channel: (value ?? '') as OutboxFilters['channel'] })}
          />
          <Select
            label="Status"
            placeholder="Sent and failed"
            clearable
            data={[
              { value: 'failed', label: 'Failed' },
              { value: 'sent', label: 'Sent' },
            ]}
            value={filters.status || null}
            onChange={(value) => filter({ status: (value ?? '') as OutboxFilters['status'] })}
          />
          <Select
            label="Message"
            placeholder="Every message"
            clearable
            data={TEMPLATE_CHOICES}
            value={filters.template_key || null}
            onChange={(value) => filter({ template_key: (value ?? '') as OutboxFilters['template_key'] })}
          />
          <TextInput
            label="Application ID"
            placeholder="Every application"
            inputMode="numeric"
            value={filters.application_id}
            onChange={(event) => filter({ application_id: event.currentTarget.value.replace(/\D/g, '') })}
          />
        </SimpleGrid>
        {query.isError ? (
          <LoadError title="Could not load the outbox" error={query.error} onRetry={() => query.refetch()} />
        ) : !data ? (
          <TableSkeleton rows={3} label="Loading the outbox" />
        ) : data.messages.length === 0 ? (
          filtered ? (
            <EmptyState title={NO_OUTBOX_MESSAGES} hint="Clear a filter to see more." />
          ) : (
            <EmptyState
              title="No messages yet"
              hint="Quotes sent to clients, automatic messages and texts show here."
            />
          )
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table
              aria-label="Outbox messages"
              verticalSpacing="xs"
              style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject or text</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Details</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.messages.map((message) => (
                  <MessageRow key={message.id} message={message} onResend={() => setResending(message)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data ? (
          <CountedPages
            total={data.total}
            perPage={data.per_page}
            page={page}
            onPage={setPage}
            noun={['message', 'messages']}
            label="Outbox pages"
          />
        ) : null}
      </Stack>
      <ResendDialog message={resending} companyId={companyId} onClose={() => setResending(null)} />
    </Card>
  );
}
