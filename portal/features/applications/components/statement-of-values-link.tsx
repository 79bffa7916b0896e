/**
 * The quotes view's way to a pending SOV quote's statement of values (SPEC §2 sov-quote route,
 * docs/api.md issue 3): a link to /sov-quote/{quote manager id}/{application id}, the id found in
 * the catalogue in use (carrier-catalogue/carriers, issue 43), so an SOV carrier published after
 * the build is worked through too. The carriers are read only while such a quote is shown.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconClipboardText } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { sovQuoteManagerOfQuote } from '../../../lib/carrier-catalog.ts';
import { useLiveCarriers } from '../../../lib/live-carriers.ts';
import type { Quote } from '../api/application-types.ts';

/** True for a quote that waits for its statement of values: an SOV quote still pending. */
export function awaitsStatementOfValues(quote: Pick<Quote, 'source' | 'status'>): boolean {
  return quote.source === 'sov' && quote.status === 'pending';
}

/** Props: a quote that awaits its statement of values, and its application's row id. */
export interface StatementOfValuesLinkProps {
  quote: Pick<Quote, 'carrier' | 'sub_carrier'>;
  applicationId: number;
}

/**
 * The "Statement of values" link of `quote`: a busy button while the carriers in use load; nothing
 * when they cannot be read (StatementOfValuesCarriersAlert says so) or name no SOV carrier of it.
 */
export function StatementOfValuesLink({ quote, applicationId }: StatementOfValuesLinkProps) {
  const carriers = useLiveCarriers();
  if (carriers.isPending)
    return (
      <Button size="xs" variant="light" color="violet" loading leftSection={<IconClipboardText size={14} />}>
        Statement of values
      </Button>
    );
  const sov = carriers.data ? sovQuoteManagerOfQuote(quote, carriers.data.sov_carriers) : null;
  if (!sov) return null;
  return (
    <Button
      renderRoot={(props) => (
        <Link
          {...props}
          to="/sov-quote/$carrier_id/$application_id"
          params={{ carrier_id: sov.quote_manager_id, application_id: String(applicationId) }}
        />
      )}
      size="xs"
      variant="light"
      color="violet"
      leftSection={<IconClipboardText size={14} />}
    >
      Statement of values
    </Button>
  );
}

/**
 * Says, with Retry, that the carriers in use could not be read while `awaiting` (a quote awaits
 * its statement of values), so its link cannot be shown; nothing otherwise.
 */
export function StatementOfValuesCarriersAlert({ awaiting }: { awaiting: boolean }) {
  const carriers = useLiveCarriers(awaiting);
  if (!awaiting || !carriers.isError) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load the carriers">
      <Group justify="space-between">
        <Text size="sm">
          The statement of values links need them. {carriers.error.message || 'Internet issue or contact IT.'}
        </Text>
        <Button size="xs" color="red" variant="light" onClick={() => carriers.refetch()}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
