/**
 * The "Mark as bound" dialog of the quotes view (issue 12, commission): the policy the carrier
 * issued from this quote — policy number, effective date, bound premium (dollars, the quote's by
 * default) and new business or renewal. The bound policy is a line of the agent's commission
 * statement; the application gets a note.
 */
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { Quote } from '../api/application-types.ts';
import { bindQuote } from '../api/bind-quote.ts';

/** True when the quote can be marked as bound: it has a premium and no bound mark yet. */
export function canBind(quote: Pick<Quote, 'premium' | 'bound' | 'expired'>): boolean {
  return quote.premium !== null && !quote.bound && !quote.expired;
}

/** Props: the quote (null = closed), its application, close, and what to do once bound. */
export interface BindQuoteDialogProps {
  quote: Quote | null;
  applicationId: number;
  onClose: () => void;
  onBound: () => void;
}

/** The dialog; its form starts from the quote's premium and today. */
export function BindQuoteDialog({ quote, applicationId, onClose, onBound }: BindQuoteDialogProps) {
  return (
    <Modal opened={quote !== null} onClose={onClose} title="Mark as bound" centered>
      {quote && (
        <BindForm
          key={quote.id}
          quote={quote}
          applicationId={applicationId}
          onClose={onClose}
          onBound={onBound}
        />
      )}
    </Modal>
  );
}

function BindForm({
  quote,
  applicationId,
  onClose,
  onBound,
}: Omit<BindQuoteDialogProps, 'quote'> & { quote: Quote }) {
  const [policyNumber, setPolicyNumber] = useState('');
  const [effective, setEffective] = useState<string | null>(dayjs().format('YYYY-MM-DD'));
  const [premium, setPremium] = useState<number | string>(quote.premium ?? '');
  const [business, setBusiness] = useState<'new' | 'renewal'>('new');
  const [busy, setBusy] = useState(false);
  const valid =
    policyNumber.trim() !== '' && effective !== null && typeof premium === 'number' && premium > 0;
  async function confirm() {
    if (!valid || effective === null || typeof premium !== 'number') return;
    setBusy(true);
    const envelope = await bindQuote({
      application_id: applicationId,
      quote_id: quote.id,
      policy_number: policyNumber.trim(),
      effective_date: dayjs(effective).format('YYYY-MM-DD'),
      premium: Math.round(premium * 100) / 100,
      business,
    });
    setBusy(false);
    if (envelope.status === 'success') {
      onClose();
      onBound();
    }
  }
  return (
    <Stack gap="md">
      <Text size="sm">
        Record the policy <b>{quote.display_name}</b> issued from this quote. It becomes a line of the
        commission statement.
      </Text>
      <TextInput
        label="Policy number"
        required
        value={policyNumber}
        onChange={(event) => setPolicyNumber(event.currentTarget.value)}
        maxLength={60}
        data-autofocus
      />
      <DateInput
        label="Effective date"
        required
        value={effective}
        onChange={(value) => setEffective(value)}
        valueFormat="MMM D, YYYY"
      />
      <NumberInput
        label="Bound premium (annual, $)"
        required
        value={premium}
        onChange={setPremium}
        min={0.01}
        decimalScale={2}
        thousandSeparator=","
        prefix="$"
      />
      <SegmentedControl
        aria-label="Business"
        value={business}
        onChange={(value) => setBusiness(value as 'new' | 'renewal')}
        data={[
          { value: 'new', label: 'New business' },
          { value: 'renewal', label: 'Renewal' },
        ]}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={confirm} loading={busy} disabled={!valid}>
          Mark as bound
        </Button>
      </Group>
    </Stack>
  );
}
