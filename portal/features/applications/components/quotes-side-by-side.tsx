/**
 * Two to four quoted carriers side by side (issue 17): one column per carrier, one row per premium,
 * coverage and benefits; a row whose values are not the same for every carrier has its cells
 * highlighted (`data-differs`), and each coverage the server flagged as differing from what the
 * application asked keeps its warning mark (CoverageCell). The table (SideBySideTable) shows in a
 * card above the desk's comparison table and in the phone's compare sheet (issue 40, ADR 766);
 * its row labels stay pinned while the carriers scroll sideways. docs/decisions/312.
 */
import { Button, Card, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { CarrierLogo } from '../../../components/carrier-logo.tsx';
import { carrierImageOf } from '../../../lib/carrier-catalog.ts';
import { useLiveCarriers } from '../../../lib/live-carriers.ts';
import type { Quote } from '../api/application-types.ts';
import { CoverageCell } from './coverage-cell.tsx';
import { BASE_COVERAGES, coverageLabel, coverageValue, extraCoverageKeys } from './quote-coverage-format.ts';

/** One compared row: its label, the text each quote shows (for the comparison) and how to render a cell. */
interface CompareRow {
  key: string;
  label: string;
  textOf: (quote: Quote) => string;
  render: (quote: Quote) => ReactNode;
}

/** True when the quotes do not all show the same text for a row. */
export function rowDiffers(quotes: Quote[], textOf: (quote: Quote) => string): boolean {
  return new Set(quotes.map(textOf)).size > 1;
}

/** The transposed table of `quotes` (2 to 4, in selection order), its row labels pinned at the left. */
export function SideBySideTable({ quotes }: { quotes: Quote[] }) {
  const carriers = useLiveCarriers();
  const premium = (q: Quote) => (q.premium === null ? '—' : formatCurrency(q.premium));
  const benefits = (q: Quote) => (q.benefits ?? []).join('\n');
  const rows: CompareRow[] = [
    { key: 'premium', label: 'Premium', textOf: premium, render: (q) => <Text fw={700}>{premium(q)}</Text> },
    ...[...Object.keys(BASE_COVERAGES), ...extraCoverageKeys(quotes)].map(
      (key): CompareRow => ({
        key,
        label: coverageLabel(key),
        textOf: (q) => coverageValue(key, q.coverages?.[key]),
        render: (q) => <CoverageCell quote={q} coverage={key} />,
      }),
    ),
    {
      key: 'benefits',
      label: 'Benefits',
      textOf: benefits,
      render: (q) => (
        <Text size="xs" style={{ whiteSpace: 'pre-line' }}>
          {benefits(q) || '—'}
        </Text>
      ),
    },
  ];
  const pinned = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const;
  return (
    // A keyboard scrolls it sideways when the carriers do not fit (axe scrollable-region-focusable).
    <Table.ScrollContainer
      minWidth={120 + 110 * quotes.length}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Carriers side by side"
      pos="relative"
    >
      <Table withColumnBorders verticalSpacing="xs" aria-label="Selected quotes side by side">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={pinned}>Coverage</Table.Th>
            {quotes.map((q) => (
              <Table.Th key={q.id} scope="col">
                <Group gap="xs" wrap="nowrap">
                  <CarrierLogo image={carrierImageOf(q, carriers.data)} name={q.display_name} decorative />
                  {q.display_name}
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const differs = rowDiffers(quotes, row.textOf);
            return (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" style={pinned}>
                  {row.label}
                  {differs && <VisuallyHidden> (differs)</VisuallyHidden>}
                </Table.Th>
                {quotes.map((q) => (
                  <Table.Td
                    key={q.id}
                    data-differs={differs || undefined}
                    bg={differs ? 'var(--mantine-color-yellow-light)' : undefined}
                  >
                    {row.render(q)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What the comparison says it highlights, above its table. */
export const SIDE_BY_SIDE_LEGEND =
  'Highlighted rows differ between these carriers; a warning mark shows where a quote differs from what the application asked.';

/** Props: the quotes to compare (2 to 4, in selection order) and how to close the comparison. */
export interface QuotesSideBySideProps {
  quotes: Quote[];
  onClose: () => void;
}

/** A card with the transposed table of the selected quotes. */
export function QuotesSideBySide({ quotes, onClose }: QuotesSideBySideProps) {
  const title = useRef<HTMLHeadingElement>(null);
  // Opened from "Compare selected": a keyboard user lands on the comparison, not above the table.
  useEffect(() => {
    title.current?.focus();
  }, []);
  return (
    <Card component="section" withBorder radius="md" padding="md" aria-labelledby="side-by-side-title">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id="side-by-side-title" ref={title} tabIndex={-1}>
          {quotes.length} carriers side by side
        </Title>
        <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClose}>
          Close comparison
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {SIDE_BY_SIDE_LEGEND}
      </Text>
      <SideBySideTable quotes={quotes} />
    </Card>
  );
}
