/**
 * The quotes on a phone (issue 40, ADR 766): a compact list, one short card per carrier (logo and
 * name, premium, status and marks, building / contents / deductible with their flags, the row's
 * actions), sorted as the desk's comparison table sorts (`comparisonRows`, cheapest first, the
 * carriers that did not quote grouped below), and a compare sheet: two to four quoted carriers
 * ticked "Compare" open side by side in a drawer from the bottom of the screen (SideBySideTable).
 * The selection is the quotes view's, so the send dialog starts with it as on the desk (ADR 752).
 */
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Drawer,
  Group,
  NativeSelect,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { CarrierLogo } from '../../../components/carrier-logo.tsx';
import { carrierImageOf } from '../../../lib/carrier-catalog.ts';
import { useLiveCarriers } from '../../../lib/live-carriers.ts';
import type { Quote } from '../api/application-types.ts';
import { CoverageCell } from './coverage-cell.tsx';
import { CarrierBindLink } from './live-quote-marks.tsx';
import { BASE_COVERAGES, QUOTE_STATUS_COLORS } from './quote-coverage-format.ts';
import { QuoteDocumentLink } from './quote-document-link.tsx';
import { QuoteMarks } from './quote-marks.tsx';
import { QuoteStatusMessage } from './quote-status-message.tsx';
import {
  comparedQuotes,
  comparisonRows,
  MAX_COMPARED,
  type QuoteSort,
  type QuotesComparisonTableProps,
  toggledSelection,
} from './quotes-comparison-table.tsx';
import { SIDE_BY_SIDE_LEGEND, SideBySideTable } from './quotes-side-by-side.tsx';

/** The orders the phone offers: the desk's columns a phone shows, each both ways. */
export const COMPACT_SORTS: { value: string; label: string }[] = [
  { value: 'premium:asc', label: 'Premium, lowest first' },
  { value: 'premium:desc', label: 'Premium, highest first' },
  { value: 'carrier:asc', label: 'Carrier, A to Z' },
  { value: 'carrier:desc', label: 'Carrier, Z to A' },
  { value: 'status:asc', label: 'Status' },
  { value: 'coverage:building_limit:desc', label: 'Building, highest first' },
  { value: 'coverage:contents_limit:desc', label: 'Contents, highest first' },
  { value: 'coverage:deductible:asc', label: 'Deductible, lowest first' },
];

/** "premium:asc" -> the sort it names (the column may hold a colon: `coverage:deductible`). */
export function parseCompactSort(value: string): QuoteSort {
  const at = value.lastIndexOf(':');
  return { column: value.slice(0, at), direction: value.slice(at + 1) === 'desc' ? 'desc' : 'asc' };
}

/** The sort choice, the list with its "Compare" boxes, and the compare sheet. */
export function QuotesCompactList({
  quotes,
  cheapestId,
  actionsOf,
  selected,
  onSelectedChange,
}: QuotesComparisonTableProps) {
  const [sortValue, setSortValue] = useState(COMPACT_SORTS[0]?.value ?? 'premium:asc');
  const [comparing, setComparing] = useState(false);
  const carriers = useLiveCarriers();
  const { answered, notQuoted } = comparisonRows(quotes, parseCompactSort(sortValue));
  const chosen = comparedQuotes(quotes, selected);

  function item(quote: Quote) {
    const isSelected = selected.includes(quote.id);
    return (
      <Card
        key={quote.id}
        component="li"
        withBorder
        radius="md"
        padding="sm"
        aria-label={`${quote.display_name} quote`}
        bg={isSelected ? 'var(--mantine-color-blue-light)' : undefined}
        style={
          quote.id === cheapestId
            ? { borderColor: 'var(--mantine-color-green-6)', borderWidth: 2 }
            : undefined
        }
      >
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="xs" wrap="nowrap">
              <CarrierLogo image={carrierImageOf(quote, carriers.data)} name={quote.display_name} size={28} />
              <Text fw={700} size="sm">
                {quote.display_name}
              </Text>
            </Group>
            <Text fw={800} size="lg" style={{ whiteSpace: 'nowrap' }}>
              {quote.premium === null ? '—' : formatCurrency(quote.premium)}
            </Text>
          </Group>
          <Group gap={4} preventGrowOverflow={false}>
            <Badge color={QUOTE_STATUS_COLORS[quote.status] ?? 'gray'} variant="light">
              {quote.status}
            </Badge>
            <QuoteMarks quote={quote} size="sm" />
            {quote.id === cheapestId && (
              <Badge color="green" variant="filled">
                Lowest premium
              </Badge>
            )}
          </Group>
          <Group gap="md" wrap="wrap">
            {Object.entries(BASE_COVERAGES).map(([key, label]) => (
              <Text key={key} size="xs" c="dimmed" span>
                {label} <CoverageCell quote={quote} coverage={key} size="xs" />
              </Text>
            ))}
          </Group>
          <QuoteStatusMessage quote={quote} size="xs" />
          <QuoteDocumentLink quote={quote} />
          <Group gap="xs" wrap="wrap">
            {quote.status === 'quoted' && (
              <Checkbox
                label="Compare"
                aria-label={`Compare ${quote.display_name}`}
                checked={isSelected}
                disabled={!isSelected && selected.length >= MAX_COMPARED}
                onChange={(event) =>
                  onSelectedChange(toggledSelection(selected, quote.id, event.currentTarget.checked))
                }
              />
            )}
            <CarrierBindLink quote={quote} />
            {actionsOf(quote)}
          </Group>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Sort by"
          data={COMPACT_SORTS}
          value={sortValue}
          onChange={(event) => setSortValue(event.currentTarget.value)}
          style={{ flex: '1 1 12rem' }}
        />
        <Button
          leftSection={<IconColumns size={16} />}
          disabled={chosen.length < 2}
          onClick={() => setComparing(true)}
        >
          {`Compare${chosen.length > 0 ? ` (${chosen.length})` : ''}`}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        {chosen.length === 0
          ? `Tick "Compare" on 2 to ${MAX_COMPARED} quoted carriers to compare them side by side.`
          : `${chosen.length} selected${chosen.length >= MAX_COMPARED ? ' (the most that fit side by side)' : ''}`}
      </Text>
      <Stack component="ul" gap="xs" aria-label="Quotes" m={0} p={0} style={{ listStyle: 'none' }}>
        {answered.map(item)}
      </Stack>
      {notQuoted.length > 0 && (
        <>
          <Title order={3} size="h6">
            Not quoted ({notQuoted.length}): declined, error or no answer in time
          </Title>
          <Stack component="ul" gap="xs" aria-label="Not quoted" m={0} p={0} style={{ listStyle: 'none' }}>
            {notQuoted.map(item)}
          </Stack>
        </>
      )}
      <Drawer
        opened={comparing && chosen.length >= 2}
        onClose={() => setComparing(false)}
        position="bottom"
        size="85%"
        title={`${chosen.length} carriers side by side`}
        closeButtonProps={{ 'aria-label': 'Close comparison' }}
      >
        <Text size="xs" c="dimmed" mb="xs">
          {SIDE_BY_SIDE_LEGEND}
        </Text>
        <SideBySideTable quotes={chosen} />
      </Drawer>
    </Stack>
  );
}
