/**
 * The reactivate-carrier dialog of SPEC §2 Dialogs: a declined, error or timeout quote goes back to
 * pending (automatic carriers are asked again). docs/api.md reactivate-carrier.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import type { Application, Quote } from '../api/application-types.ts';
import { reactivateCarrier } from '../api/reactivate-carrier.ts';

/** Quote statuses that can be reactivated. docs/api.md reactivate-carrier. */
export const REACTIVATABLE_STATUSES: readonly string[] = ['declined', 'error', 'timeout'];

/** True when `quote` can be reactivated (declined, error or timeout). */
export function canReactivate(quote: Pick<Quote, 'status'>): boolean {
  return REACTIVATABLE_STATUSES.includes(quote.status);
}

const WHAT_HAPPENS: Record<string, string> = {
  automatic: 'The carrier is asked to quote again now.',
  sov: 'The quote waits for a new statement of values.',
  manual: 'The quote goes back to the underwriter and waits for staff to record it.',
};

/** Props: the quote to reactivate (null = closed), the application id, close, and the updated application. */
export interface ReactivateCarrierDialogProps {
  quote: Quote | null;
  applicationId: number;
  onClose: () => void;
  onReactivated: (application: Application) => void;
}

/** Confirmation with what happens next for this kind of carrier. */
export function ReactivateCarrierDialog({
  quote,
  applicationId,
  onClose,
  onReactivated,
}: ReactivateCarrierDialogProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!quote) return;
    setBusy(true);
    const envelope = await reactivateCarrier(applicationId, quote.id);
    setBusy(false);
    if (envelope.status === 'success' && envelope.data?.application) {
      showToast('success', 'Carrier reactivated', `${quote.display_name} is pending again.`);
      onClose();
      onReactivated(envelope.data.application);
    }
  }
  return (
    <Modal opened={quote !== null} onClose={onClose} title="Reactivate carrier" centered>
      {quote && (
        <Stack gap="md">
          <Text size="sm">
            Reactivate <b>{quote.display_name}</b>? Its {quote.status} answer
            {quote.message ? ` (“${quote.message}”)` : ''} is set aside and the quote is pending again.
          </Text>
          <Text size="sm" c="dimmed">
            {WHAT_HAPPENS[quote.source ?? 'automatic']}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={busy}>
              Reactivate
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
