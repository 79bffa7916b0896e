/**
 * /sov-quote/{carrier_id}/{application_id}: the statement of values for one managed-program
 * carrier, prefilled from the answer of sov/get-sov-quote, sent with sov/submit-statement-of-values.
 * The route has already checked the carrier id's shape and the digits (SPEC §2 sov-quote route);
 * this page shows the server's 404 texts ('Invalid Carrier' for a carrier not in the catalogue in
 * use), and its own loading and error states. The carrier, its name and which quote is its own come
 * from the answer's `carrier`, the catalogue in use's (issue 43), not from the build's carriers.json.
 */
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { sovQuoteManagerOfQuote } from '../../../lib/carrier-catalog.ts';
import { useSovQuote } from '../api/get-sov-quote.ts';
import {
  isSovQuoteNotFoundReason,
  type SovBuilding,
  type SovQuoteApplication,
  type SovQuoteCarrier,
} from '../api/sov-quote-types.ts';
import { submitStatementOfValues } from '../api/submit-statement-of-values.ts';
import {
  initialSovBuildings,
  type SovRowErrors,
  sovBuildingErrors,
  submittableSovBuildings,
} from './sov-buildings.ts';
import { SovQuoteNotFound } from './sov-quote-not-found.tsx';
import { StatementOfValuesEditor } from './statement-of-values-editor.tsx';

/** Props: the checked route params, and what follows a submit (back to the quotes) or a cancel. */
export interface SovQuotePageProps {
  carrierId: string;
  applicationId: number;
  onSubmitted: (application: SovQuoteApplication) => void;
  onBack: () => void;
}

/** The page with its loading, 404, error and loaded states. */
export function SovQuotePage({ carrierId, applicationId, onSubmitted, onBack }: SovQuotePageProps) {
  const query = useSovQuote(carrierId, applicationId);

  if (query.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading statement of values">
        <Skeleton height={80} radius="md" />
        <Skeleton height={280} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (
      error instanceof ApiRequestError &&
      error.envelope.code === 404 &&
      isSovQuoteNotFoundReason(error.envelope.message)
    )
      return <SovQuoteNotFound reason={error.envelope.message} />;
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title="Could not load the statement of values"
      >
        <Group justify="space-between">
          <Text size="sm">{error?.message || 'Internet issue or contact IT.'}</Text>
          <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  // The server checks the type too; a non-commercial answer must still never show the editor.
  if (query.data.application?.carrier_quote_type?.[0] !== 'Commercial')
    return <SovQuoteNotFound reason="Invalid Application Type" />;

  return (
    // Not keyed by the data: a background refetch must not throw away the agent's edits.
    <LoadedSovQuote
      carrierId={carrierId}
      applicationId={applicationId}
      initialRows={initialSovBuildings(query.data)}
      carrier={query.data.carrier}
      application={query.data.application}
      onSubmitted={onSubmitted}
      onBack={onBack}
    />
  );
}

interface LoadedSovQuoteProps extends SovQuotePageProps {
  initialRows: SovBuilding[];
  /** The SOV carrier as sov/get-sov-quote answered it: the catalogue in use's. */
  carrier: SovQuoteCarrier;
  application: SovQuoteApplication;
}

function LoadedSovQuote({
  carrierId,
  applicationId,
  initialRows,
  carrier,
  application,
  onSubmitted,
  onBack,
}: LoadedSovQuoteProps) {
  const [rows, setRows] = useState<SovBuilding[]>(initialRows);
  const [errors, setErrors] = useState<SovRowErrors[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const doc = application.payload?.useable_details ?? {};
  const address = typeof doc.searched_address === 'string' ? doc.searched_address : '';
  const carrierName = carrier.display_name;
  const current = (application.quotes ?? []).find(
    (q) => q.source === 'sov' && q.premium !== null && sovQuoteManagerOfQuote(q, [carrier]) !== null,
  );

  function change(next: SovBuilding[]) {
    setRows(next);
    // Re-check as the agent fixes rows, but only once a submit showed the errors.
    if (submitted) setErrors(next.map((row) => sovBuildingErrors(row)));
  }

  async function submit() {
    setSubmitted(true);
    const found = rows.map((row) => sovBuildingErrors(row));
    setErrors(found);
    const buildings = submittableSovBuildings(rows);
    if (found.some((e) => Object.keys(e).length > 0) || !buildings) return;
    setBusy(true);
    const envelope = await submitStatementOfValues(carrierId, applicationId, buildings);
    setBusy(false);
    if (envelope.status === 'success' && envelope.data?.application) onSubmitted(envelope.data.application);
  }

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="sm" c="dimmed">
              Statement of values · {application.application_id}
            </Text>
            <Title order={1} size="h2">
              {carrierName}
            </Title>
            {address && <Text>{address}</Text>}
          </div>
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            Back to quotes
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mt="sm">
          List every building on the account with its values. {carrierName} rates the statement and answers
          with an indicative quote, shown beside the other quotes of the application.
        </Text>
      </Card>
      {current && current.premium !== null && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          Current indicative quote from {carrierName}: {formatCurrency(current.premium)} a year. Submitting a
          new statement asks for a new quote.
        </Alert>
      )}
      <StatementOfValuesEditor rows={rows} onChange={change} errors={errors} disabled={busy} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={busy}>
          Cancel
        </Button>
        <Button leftSection={<IconSend size={16} />} onClick={submit} loading={busy}>
          Submit statement of values
        </Button>
      </Group>
    </Stack>
  );
}
