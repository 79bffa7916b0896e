/**
 * The quotes view of the details page: on a desktop a sortable comparison table (issue 17; a
 * Table / Cards switch keeps the cards), below Mantine's sm breakpoint a compact list that sorts as
 * the table does, with a compare sheet (issue 40, ADR 766); with
 * their source, the SOV and manual launches, the statement of values links of pending SOV quotes
 * (by the carriers in use, issue 43), reactivation, marking a quoted carrier as bound
 * (commission, issue 12), sending or downloading the quote documents (issue 13) and (for staff)
 * recording a manual quote; then the notes.
 * SPEC §2, §7, docs/api.md (issue 3), docs/decisions/312.
 */
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconCircleCheck,
  IconFileDownload,
  IconInfoCircle,
  IconPencilPlus,
  IconRefresh,
  IconSend,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { LottieAnimation } from '../../../components/lottie-animation.tsx';
import { launchInProgressAnimation } from '../../../lib/animation-files.ts';
import { announce } from '../../../lib/announce.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useWideScreen } from '../../../lib/use-wide-screen.ts';
import { applicationQueryKey } from '../api/application-query-key.ts';
import type { Application, Quote } from '../api/application-types.ts';
import { BindQuoteDialog, canBind } from './bind-quote-dialog.tsx';
import { type CarrierLaunchKind, LaunchCarriersDialog } from './launch-carriers-dialog.tsx';
import { NotesList } from './notes-list.tsx';
import { QuoteCard } from './quote-card.tsx';
import { INDICATIVE_EXPLANATION, isIndicativeRate } from './quote-marks.tsx';
import { QuotesCompactList } from './quotes-compact-list.tsx';
import { QuotesComparisonTable, type QuotesComparisonTableProps } from './quotes-comparison-table.tsx';
import { canReactivate, ReactivateCarrierDialog } from './reactivate-carrier-dialog.tsx';
import { canRecordManualQuote, RecordQuoteDialog } from './record-quote-dialog.tsx';
import { SendQuoteDialog } from './send-quote-dialog.tsx';
import { sortQuotes } from './sort-quotes.ts';
import {
  awaitsStatementOfValues,
  StatementOfValuesCarriersAlert,
  StatementOfValuesLink,
} from './statement-of-values-link.tsx';

/** Props: the application and a reload (after a note toggle). */
export interface QuotesViewProps {
  application: Application;
  onChanged: () => void;
  /** The view's heading (the summary), where the details page puts focus after a launch. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/**
 * What the summary heading says: "25 of 25 carriers quoted", with " · lowest $2,122" once a
 * carrier rated it.
 */
export function quotesSummary(quoted: number, asked: number, lowest: number | null): string {
  const base = `${quoted} of ${asked} carriers quoted`;
  return lowest === null ? base : `${base} · lowest ${formatCurrency(lowest)}`;
}

/** The launch's progress line while carriers answer: busy, waiting for some, or updating. */
export function launchProgressText(pending: number, busy: boolean): string {
  if (pending === 0) return 'Updating…';
  if (busy)
    return `Carriers are busy: ${pending} quote${pending === 1 ? ' is' : 's are'} queued and will arrive as carriers answer.`;
  return `Waiting for ${pending} carrier${pending === 1 ? '' : 's'}…`;
}

/** Quotes grid with a summary line and the carrier actions; polling is driven by the application query. */
export function QuotesView({ application, onChanged, headingRef }: QuotesViewProps) {
  const queryClient = useQueryClient();
  const role = useAuth().user?.role;
  const [launchKind, setLaunchKind] = useState<CarrierLaunchKind | null>(null);
  const [reactivating, setReactivating] = useState<Quote | null>(null);
  const [recording, setRecording] = useState<Quote | null>(null);
  const [binding, setBinding] = useState<Quote | null>(null);
  // Phones get the compact list; a desktop starts on the table and may switch to cards.
  const desktop = useWideScreen();
  // The agent's choice of layout is kept in this browser across applications and relaunches.
  const [layout, setLayout] = useLocalStorage<'table' | 'cards'>({
    key: 'mga.quotes-layout',
    defaultValue: 'table',
  });
  const showTable = desktop && layout === 'table';
  const [sending, setSending] = useState(false);
  // The quotes selected to compare: the send dialog starts with them (issue 40, ADR 752).
  const [compared, setCompared] = useState<number[]>([]);
  const quotes = sortQuotes(application.quotes ?? []);
  const priced = quotes.filter((q) => q.premium !== null);
  const cheapestId = priced[0]?.id ?? null;
  const pending = quotes.filter((q) => q.status === 'pending').length;
  // Sent by the live quotes stream while the quote backlog is past its age limit (issue 47).
  const busy = (application as Application & { carriers_busy?: boolean }).carriers_busy === true;
  const commercial = application.carrier_quote_type?.[0] === 'Commercial';
  const staff = canRecordManualQuote(role);

  const launched = application.status === 'launched';
  const summary = quotesSummary(priced.length, quotes.length, application.min_quote_amount);
  const progress = launchProgressText(pending, busy);
  // A launch's progress and then its outcome are read out as they change (issue 46); a quotes
  // view opened after the carriers answered is only shown.
  const spoken = `${summary.replace(' · ', ', ')}${launched ? `. ${progress}` : ''}`;
  const followingLaunch = useRef(false);
  useEffect(() => {
    if (launched) followingLaunch.current = true;
    if (followingLaunch.current) announce(spoken);
  }, [launched, spoken]);

  // Every call here answers the whole application: show it at once rather than refetching.
  const show = (next: Application) => queryClient.setQueryData(applicationQueryKey(application.id), next);

  function actionsOf(quote: Quote) {
    return (
      <>
        {awaitsStatementOfValues(quote) && (
          <StatementOfValuesLink quote={quote} applicationId={application.id} />
        )}
        {staff && quote.source === 'manual' && quote.status === 'pending' && (
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconPencilPlus size={14} />}
            onClick={() => setRecording(quote)}
          >
            Record quote
          </Button>
        )}
        {canBind(quote) && (
          <Button
            size="xs"
            variant="light"
            color="teal"
            leftSection={<IconCircleCheck size={14} />}
            onClick={() => setBinding(quote)}
            aria-label={`Mark as bound: ${quote.display_name}`}
          >
            Mark as bound
          </Button>
        )}
        {canReactivate(quote) && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            onClick={() => setReactivating(quote)}
            aria-label={`Reactivate ${quote.display_name}`}
          >
            Reactivate
          </Button>
        )}
      </>
    );
  }

  // The phone's list and the desk's table show the same quotes, actions and selection.
  const comparing = {
    quotes,
    cheapestId,
    actionsOf,
    selected: compared,
    onSelectedChange: setCompared,
  } satisfies QuotesComparisonTableProps;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="md">
            <Title order={2} fz="md" fw={600} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
              {summary}
            </Title>
            {launched && (
              // Read out through the announcer above, not as a live region of its own.
              <Group gap={6} data-launch-progress>
                <Loader size="xs" aria-hidden />
                <Text size="sm" c="dimmed">
                  {progress}
                </Text>
              </Group>
            )}
          </Group>
          <Group gap="xs">
            {desktop && quotes.length > 0 && (
              <SegmentedControl
                size="xs"
                aria-label="Quotes layout"
                value={layout}
                onChange={(value) => setLayout(value as 'table' | 'cards')}
                data={[
                  { value: 'table', label: 'Table' },
                  { value: 'cards', label: 'Cards' },
                ]}
              />
            )}
            <Button
              size="sm"
              variant="light"
              leftSection={<IconFileDownload size={16} />}
              onClick={() => setSending(true)}
              disabled={quotes.length === 0}
            >
              Send / download quote
            </Button>
            {commercial && (
              <Button
                size="sm"
                variant="light"
                color="violet"
                leftSection={<IconSend size={16} />}
                onClick={() => setLaunchKind('sov')}
              >
                Launch to SOV carriers
              </Button>
            )}
            <Button
              size="sm"
              variant="light"
              color="orange"
              leftSection={<IconUsers size={16} />}
              onClick={() => setLaunchKind('manual')}
            >
              Launch to manual carriers
            </Button>
          </Group>
        </Group>
      </Card>
      <StatementOfValuesCarriersAlert awaiting={quotes.some(awaitsStatementOfValues)} />
      {quotes.length === 0 && application.status === 'launched' ? (
        // The launch is in progress: the portal waits for the carriers (SPEC §9 animation).
        <Card withBorder radius="md" padding="lg">
          <Stack align="center" gap="xs">
            <LottieAnimation load={launchInProgressAnimation} width={96} height={96} />
            <Text size="sm" c="dimmed" ta="center">
              The application was launched; quotes appear here as carriers answer.
            </Text>
          </Stack>
        </Card>
      ) : quotes.length === 0 ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          No carrier quoted this application.
        </Alert>
      ) : !desktop ? (
        <QuotesCompactList {...comparing} />
      ) : showTable ? (
        <QuotesComparisonTable {...comparing} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {quotes.map((quote) => (
            <QuoteCard
              key={quote.id}
              quote={quote}
              cheapest={quote.id === cheapestId}
              actions={actionsOf(quote)}
            />
          ))}
        </SimpleGrid>
      )}
      {quotes.some(isIndicativeRate) && (
        // The badges' tooltip needs a pointer: the same words in view for keyboard and touch users.
        <Text size="xs" c="dimmed">
          Indicative: {INDICATIVE_EXPLANATION}
        </Text>
      )}
      <NotesList notes={application.notes ?? []} applicationId={application.id} onChanged={onChanged} />

      <LaunchCarriersDialog
        kind={launchKind ?? 'manual'}
        opened={launchKind !== null}
        application={application}
        onClose={() => setLaunchKind(null)}
        onLaunched={show}
      />
      <ReactivateCarrierDialog
        quote={reactivating}
        applicationId={application.id}
        onClose={() => setReactivating(null)}
        onReactivated={show}
      />
      <BindQuoteDialog
        quote={binding}
        applicationId={application.id}
        onClose={() => setBinding(null)}
        onBound={onChanged}
      />
      <SendQuoteDialog
        application={application}
        compared={compared}
        opened={sending}
        onClose={() => setSending(false)}
        onSent={show}
      />
      <RecordQuoteDialog
        quote={recording}
        application={application}
        onClose={() => setRecording(null)}
        onRecorded={show}
      />
    </Stack>
  );
}
