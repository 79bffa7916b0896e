/**
 * The customer quotes webhook's panel of the messaging console (issue 14): "Send test" (one signed
 * sample POST, its outcome shown here), "Rotate secret" (confirmed; the new secret shown once) and
 * the delivery log, newest first, each attempt's outcome in its colour with status code, duration
 * and the error or the start of the receiver's answer. docs/api-accounts.md Customer quotes webhook.
 */
import { Alert, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { formatInUserZone } from '../../../lib/format-when.ts';
import { useApplySettings } from '../api/portal-settings-api.ts';
import type { WebhookDelivery, WebhookOutcome } from '../api/webhook-deliveries-api.ts';
import {
  rotateWebhookSecret,
  sendTestWebhook,
  useWebhookDeliveries,
  webhookDeliveriesQueryOptions,
} from '../api/webhook-deliveries-api.ts';
import { EmptyState } from './empty-state.tsx';
import { TableSkeleton } from './table-skeleton.tsx';
import { WebhookSecretAlert } from './webhook-secret-alert.tsx';

/** Each outcome's badge colour and words. */
export const OUTCOME_BADGES: Record<WebhookOutcome, { color: string; label: string }> = {
  delivered: { color: 'green', label: 'Delivered' },
  retrying: { color: 'yellow', label: 'Retrying' },
  failed: { color: 'red', label: 'Failed' },
  refused: { color: 'red', label: 'Refused' },
  interrupted: { color: 'orange', label: 'Interrupted' },
  sending: { color: 'blue', label: 'Sending' },
};

/** Props: the company (null = own) and whether a signing secret is stored. */
export interface WebhookDeliveriesPanelProps {
  companyId: number | null;
  hasSecret: boolean;
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const badge = OUTCOME_BADGES[delivery.outcome];
  return (
    <Table.Tr>
      <Table.Td>{formatInUserZone(delivery.created_at, 'MMM D, HH:mm:ss')}</Table.Td>
      <Table.Td>
        {delivery.event === 'test' ? 'Test' : `Application ${delivery.application_id ?? ''}`}
        {delivery.attempt > 1 ? ` (attempt ${delivery.attempt})` : ''}
      </Table.Td>
      <Table.Td>
        <Badge color={badge.color} variant="light" radius="sm">
          {badge.label}
        </Badge>
      </Table.Td>
      <Table.Td>{delivery.status_code ?? '—'}</Table.Td>
      <Table.Td>{delivery.duration_ms === null ? '—' : `${delivery.duration_ms} ms`}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-word' }}>
        <Text size="xs">{delivery.error ?? delivery.response_excerpt ?? ''}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The panel: actions, the last test's outcome, the log. */
export function WebhookDeliveriesPanel({ companyId, hasSecret }: WebhookDeliveriesPanelProps) {
  const queryClient = useQueryClient();
  const apply = useApplySettings(companyId);
  const query = useWebhookDeliveries(companyId);
  const [testing, setTesting] = useState(false);
  const [testOutcome, setTestOutcome] = useState<{ delivered: boolean; message: string } | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryOptions(companyId).queryKey });

  async function sendTest() {
    setTesting(true);
    const envelope = await sendTestWebhook(companyId);
    setTesting(false);
    if (envelope.data?.delivery) {
      setTestOutcome({
        delivered: envelope.data.delivery.outcome === 'delivered',
        message: envelope.message,
      });
      await refresh();
    } else if (envelope.message) setTestOutcome({ delivered: false, message: envelope.message });
  }

  async function rotate() {
    setConfirmRotate(false);
    const envelope = await apply(rotateWebhookSecret(companyId));
    if (envelope.status === 'success' && envelope.data?.webhook_secret)
      setSecret(envelope.data.webhook_secret);
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Webhook deliveries">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600}>Webhook deliveries</Text>
            <Text size="sm" c="dimmed">
              Each attempt to post completed quotes, newest first. Failures are retried for 24 hours.
            </Text>
          </div>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => refresh()}>
              Refresh log
            </Button>
            {confirmRotate ? (
              <>
                <Button size="xs" color="red" onClick={rotate}>
                  Rotate now
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmRotate(false)}>
                  Keep secret
                </Button>
              </>
            ) : (
              <Button size="xs" variant="light" onClick={() => setConfirmRotate(true)}>
                {hasSecret ? 'Rotate secret' : 'Generate secret'}
              </Button>
            )}
            <Button size="xs" onClick={sendTest} loading={testing}>
              Send test
            </Button>
          </Group>
        </Group>
        {confirmRotate ? (
          <Text size="sm">
            A new secret signs every delivery from now on; update your receiver before the next one.
          </Text>
        ) : null}
        {secret ? <WebhookSecretAlert secret={secret} onDone={() => setSecret(null)} /> : null}
        {testOutcome ? (
          <Alert color={testOutcome.delivered ? 'green' : 'red'} data-testid="webhook-test-outcome">
            {testOutcome.message}
          </Alert>
        ) : null}
        {query.isPending ? (
          <TableSkeleton rows={3} label="Loading deliveries" />
        ) : query.isError ? (
          <LoadError
            title="Could not load the deliveries"
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : query.data.length === 0 ? (
          <EmptyState title="No deliveries yet" hint="Send a test, or complete an application's quotes." />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Webhook deliveries" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Duration</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((delivery) => (
                  <DeliveryRow key={delivery.id} delivery={delivery} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
