/**
 * The desktop quotes view of issue 17: one row per carrier (carrier with its logo, premium, status,
 * building, contents, deductible, each extra coverage as its own column, benefits, message, and
 * actions with a live carrier's bind link, issue 19), sortable by any column, with declined / error
 * / timeout rows grouped below the others. Two to four quoted carriers can be selected and compared
 * side by side (QuotesSideBySide). Coverage cells the server flagged as differing from what the
 * application asked carry a warning mark with the asked value (Quote.differences).
 * docs/decisions/312.
 *
 * The table fits its area (issue 40, ADR 766): it scrolls inside a box no taller than the window,
 * its header pinned at the top, the selection, carrier and premium columns pinned at the left and
 * the row's actions at the right, so only the coverage, benefit and message columns slide.
 */
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowsSort, IconColumns, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { CarrierLogo } from '../../../components/carrier-logo.tsx';
import { carrierImageOf } from '../../../lib/carrier-catalog.ts';
import { useLiveCarriers } from '../../../lib/live-carriers.ts';
import { FOCUS_GAP_PX } from '../../../lib/sticky-clearance.ts';
import type { Quote } from '../api/application-types.ts';
import { CoverageCell } from './coverage-cell.tsx';
import { CarrierBindLink } from './live-quote-marks.tsx';
import {
  BASE_COVERAGES,
  coverageLabel,
  extraCoverageKeys,
  QUOTE_STATUS_COLORS,
} from './quote-coverage-format.ts';
import { QuoteMarks } from './quote-marks.tsx';
import { QuotesSideBySide } from './quotes-side-by-side.tsx';

/** Quote statuses grouped below the others: the carrier answered without a quote. */
const NOT_QUOTED = new Set(['declined', 'error', 'timeout']);

/** At most this many carriers side by side. */
export const MAX_COMPARED = 4;

/** The pinned columns' widths in px: their left offsets add up from these. */
const PINNED_WIDTH = { select: 44, carrier: 180, premium: 150 };

/**
 * The style of a pinned cell: sticky at `left` (or at the right edge), over the body colour with the
 * row's `tint` laid on it (the cells sliding under it must not show through).
 */
function pinnedCell(at: { left: number; width: number } | 'right', tint?: string): CSSProperties {
  const edge: CSSProperties =
    at === 'right'
      ? { right: 0, boxShadow: 'inset 1px 0 0 var(--table-border-color)' }
      : { left: at.left, width: at.width, minWidth: at.width, maxWidth: at.width };
  return {
    position: 'sticky',
    zIndex: 1,
    backgroundColor: 'var(--mantine-color-body)',
    backgroundImage: tint ? `linear-gradient(${tint}, ${tint})` : undefined,
    ...edge,
  };
}

const PIN_SELECT = { left: 0, width: PINNED_WIDTH.select };
const PIN_CARRIER = { left: PINNED_WIDTH.select, width: PINNED_WIDTH.carrier };
const PIN_PREMIUM = { left: PINNED_WIDTH.select + PINNED_WIDTH.carrier, width: PINNED_WIDTH.premium };

/**
 * Keeps what Tab reaches in the table clear of its pinned parts (WCAG 2.4.11, as ADR 749 does for
 * the page): the scroll box's scroll padding is the header's height at the top, the pinned columns'
 * widths at the left and the actions column's at the right, each plus FOCUS_GAP_PX, so the browser
 * scrolls a focused sort button, check box or action out from under them. Re-measured on resize.
 */
function usePinnedScrollPadding(box: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const element = box.current;
    const head = element?.querySelector('thead');
    const actions = element?.querySelector('thead th:last-child');
    if (!element || !head || !actions) return;
    const update = () => {
      element.style.scrollPaddingTop = `${head.getBoundingClientRect().height + FOCUS_GAP_PX}px`;
      element.style.scrollPaddingLeft = `${PIN_PREMIUM.left + PIN_PREMIUM.width + FOCUS_GAP_PX}px`;
      element.style.scrollPaddingRight = `${actions.getBoundingClientRect().width + FOCUS_GAP_PX}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(head);
    observer.observe(actions);
    return () => observer.disconnect();
  }, [box]);
}

/** A sortable column: `carrier`, `status`, `premium`, `benefits`, `message` or `coverage:<key>`. */
export interface QuoteSort {
  column: string;
  direction: 'asc' | 'desc';
}

/** The value a quote sorts by in `column`: a number, a lower-case text, or null (always last). */
export function sortValue(quote: Quote, column: string): number | string | null {
  if (column === 'carrier') return quote.display_name.toLowerCase();
  if (column === 'status') return quote.status;
  if (column === 'premium') return quote.premium;
  if (column === 'benefits') return quote.benefits?.length ?? 0;
  if (column === 'message') return quote.message ? quote.message.toLowerCase() : null;
  const value = quote.coverages?.[column.replace(/^coverage:/, '')];
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return typeof value === 'string' && value !== '' ? value.toLowerCase() : null;
}

function compareValues(a: number | string | null, b: number | string | null): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return String(a).localeCompare(String(b));
}

/**
 * The table's rows: `answered` (quoted and pending) then `notQuoted` (declined, error, timeout),
 * each sorted by `sort`; empty values last in either direction; ties by premium, then id.
 */
export function comparisonRows(quotes: Quote[], sort: QuoteSort): { answered: Quote[]; notQuoted: Quote[] } {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const sorted = [...quotes].sort((a, b) => {
    const va = sortValue(a, sort.column);
    const vb = sortValue(b, sort.column);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else {
      const order = compareValues(va, vb);
      if (order !== 0) return sign * order;
    }
    return (a.premium ?? Number.POSITIVE_INFINITY) - (b.premium ?? Number.POSITIVE_INFINITY) || a.id - b.id;
  });
  return {
    answered: sorted.filter((q) => !NOT_QUOTED.has(q.status)),
    notQuoted: sorted.filter((q) => NOT_QUOTED.has(q.status)),
  };
}

/** The selected quotes that can be compared side by side (quoted ones), in selection order. */
export function comparedQuotes(quotes: Quote[], selected: number[]): Quote[] {
  return selected
    .map((id) => quotes.find((q) => q.id === id))
    .filter((q): q is Quote => q !== undefined && q.status === 'quoted');
}

/** `selected` with `id` added at the end (`on`) or taken out. */
export function toggledSelection(selected: number[], id: number, on: boolean): number[] {
  return on ? [...selected, id] : selected.filter((x) => x !== id);
}

/**
 * Props: the quotes, the cheapest quote's id, the actions the quotes view offers per quote, and the
 * quotes selected to compare (held by the quotes view, whose send dialog starts with them; issue 40).
 */
export interface QuotesComparisonTableProps {
  quotes: Quote[];
  cheapestId: number | null;
  actionsOf: (quote: Quote) => ReactNode;
  /** Ids of the quotes selected to compare, in selection order. */
  selected: number[];
  onSelectedChange: (ids: number[]) => void;
}

/** The sortable table with selection, grouping and the side-by-side comparison. */
export function QuotesComparisonTable({
  quotes,
  cheapestId,
  actionsOf,
  selected,
  onSelectedChange,
}: QuotesComparisonTableProps) {
  const [sort, setSort] = useState<QuoteSort>({ column: 'premium', direction: 'asc' });
  const [comparing, setComparing] = useState(false);
  const compareButton = useRef<HTMLButtonElement>(null);
  const scrollBox = useRef<HTMLDivElement>(null);
  usePinnedScrollPadding(scrollBox);
  const carriers = useLiveCarriers();
  const extras = extraCoverageKeys(quotes);
  const { answered, notQuoted } = comparisonRows(quotes, sort);
  const chosen = comparedQuotes(quotes, selected);

  const columns: { key: string; label: string; pin?: { left: number; width: number } }[] = [
    { key: 'carrier', label: 'Carrier', pin: PIN_CARRIER },
    { key: 'premium', label: 'Premium', pin: PIN_PREMIUM },
    { key: 'status', label: 'Status' },
    ...[...Object.keys(BASE_COVERAGES), ...extras].map((key) => ({
      key: `coverage:${key}`,
      label: coverageLabel(key),
    })),
    { key: 'benefits', label: 'Benefits' },
    { key: 'message', label: 'Message' },
  ];

  function toggleSort(column: string) {
    setSort((current) =>
      current.column === column
        ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: 'asc' },
    );
  }

  function toggleSelected(id: number, on: boolean) {
    onSelectedChange(toggledSelection(selected, id, on));
  }

  function row(quote: Quote) {
    const isSelected = selected.includes(quote.id);
    const selectable = quote.status === 'quoted';
    const tint = isSelected ? 'var(--mantine-color-blue-light)' : undefined;
    return (
      <Table.Tr key={quote.id} bg={tint} data-selected={isSelected || undefined}>
        <Table.Td style={pinnedCell(PIN_SELECT, tint)}>
          {selectable && (
            <Checkbox
              aria-label={`Compare ${quote.display_name}`}
              checked={isSelected}
              disabled={!isSelected && selected.length >= MAX_COMPARED}
              onChange={(event) => toggleSelected(quote.id, event.currentTarget.checked)}
            />
          )}
        </Table.Td>
        <Table.Th scope="row" fw={600} style={pinnedCell(PIN_CARRIER, tint)}>
          <Group gap="xs" wrap="nowrap">
            <CarrierLogo image={carrierImageOf(quote, carriers.data)} name={quote.display_name} decorative />
            {quote.display_name}
          </Group>
        </Table.Th>
        <Table.Td style={{ ...pinnedCell(PIN_PREMIUM, tint), whiteSpace: 'nowrap' }}>
          <Text size="sm" fw={700} span>
            {quote.premium === null ? '—' : formatCurrency(quote.premium)}
          </Text>
          {quote.id === cheapestId && (
            <Badge color="green" variant="light" ml={6} size="sm">
              Lowest
            </Badge>
          )}
        </Table.Td>
        <Table.Td miw={150}>
          {/* Each badge keeps its full width and wraps to its own line rather than being cut to "INDICA…". */}
          <Group gap={4} preventGrowOverflow={false}>
            <Badge color={QUOTE_STATUS_COLORS[quote.status] ?? 'gray'} variant="light">
              {quote.status}
            </Badge>
            <QuoteMarks quote={quote} size="sm" />
          </Group>
        </Table.Td>
        {[...Object.keys(BASE_COVERAGES), ...extras].map((key) => (
          <Table.Td key={key} style={{ whiteSpace: 'nowrap' }}>
            <CoverageCell quote={quote} coverage={key} />
          </Table.Td>
        ))}
        <Table.Td miw={180}>
          <Stack gap={2}>
            {(quote.benefits ?? []).map((benefit) => (
              <Text key={benefit} size="xs">
                {benefit}
              </Text>
            ))}
          </Stack>
        </Table.Td>
        <Table.Td miw={160}>
          <Text size="xs">{quote.message ?? ''}</Text>
        </Table.Td>
        <Table.Td style={pinnedCell('right', tint)}>
          {/*
            As wide as its actions, so the table gives the column their whole width: the column
            shrank to fit the table's width, and "Mark as bound" beside a bind link read "Mark as".
          */}
          <Group gap={4} wrap="nowrap" preventGrowOverflow={false} w="max-content">
            <CarrierBindLink quote={quote} />
            {actionsOf(quote)}
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {chosen.length === 0
            ? `Select 2 to ${MAX_COMPARED} quoted carriers to compare them side by side.`
            : `${chosen.length} selected${chosen.length >= MAX_COMPARED ? ' (the most that fit side by side)' : ''}`}
        </Text>
        <Group gap="xs">
          {selected.length > 0 && (
            <Button size="xs" variant="subtle" color="gray" onClick={() => onSelectedChange([])}>
              Clear selection
            </Button>
          )}
          <Button
            size="xs"
            leftSection={<IconColumns size={14} />}
            ref={compareButton}
            disabled={chosen.length < 2}
            onClick={() => setComparing(true)}
          >
            Compare selected
          </Button>
        </Group>
      </Group>
      {comparing && chosen.length >= 2 && (
        <QuotesSideBySide
          quotes={chosen}
          onClose={() => {
            setComparing(false);
            // Its Close button goes away with it: back to where the comparison was opened.
            compareButton.current?.focus();
          }}
        />
      )}
      {/* No taller than the window under the header, so its sideways scrollbar is always in view. */}
      <Table.ScrollContainer
        ref={scrollBox}
        // Chromium leaves a control that is partly in view where it is, which can be under a pinned
        // column: bring the focused one wholly inside the scroll padding.
        onFocusCapture={(event) =>
          (event.target as HTMLElement).scrollIntoView({ block: 'nearest', inline: 'nearest' })
        }
        minWidth={0}
        type="native"
        // Positioned, so the visually hidden texts of its cells (absolutely placed) scroll and clip with it.
        style={{ maxHeight: 'calc(100vh - 96px)', overflow: 'auto', position: 'relative' }}
        data-quotes-scroll
      >
        <Table stickyHeader highlightOnHover verticalSpacing="xs" aria-label="Quotes comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={pinnedCell(PIN_SELECT)}>
                <VisuallyHidden>Select</VisuallyHidden>
              </Table.Th>
              {columns.map((column) => {
                const active = sort.column === column.key;
                const Icon = !active
                  ? IconArrowsSort
                  : sort.direction === 'asc'
                    ? IconSortAscending
                    : IconSortDescending;
                return (
                  <Table.Th
                    key={column.key}
                    aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                    style={{ whiteSpace: 'nowrap', ...(column.pin ? pinnedCell(column.pin) : {}) }}
                  >
                    <UnstyledButton onClick={() => toggleSort(column.key)} fw={600} fz="sm">
                      <Group gap={4} wrap="nowrap">
                        {column.label}
                        <Icon size={14} aria-hidden />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
              <Table.Th style={pinnedCell('right')}>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answered.map(row)}
            {notQuoted.length > 0 && (
              <Table.Tr>
                <Table.Th
                  colSpan={columns.length + 2}
                  scope="rowgroup"
                  bg="var(--mantine-color-default-hover)"
                >
                  {/* The group's name stays in view while the columns slide. */}
                  <span style={{ position: 'sticky', left: 'var(--table-horizontal-spacing)' }}>
                    Not quoted ({notQuoted.length}): declined, error or no answer in time
                  </span>
                </Table.Th>
              </Table.Tr>
            )}
            {notQuoted.map(row)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
