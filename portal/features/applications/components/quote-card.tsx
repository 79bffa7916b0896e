/** One carrier's quote as a card: logo and name, premium, coverages, benefits, status. docs/api.md Quote. */
import { Badge, Card, Divider, Group, List, Loader, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { CarrierLogo } from '../../../components/carrier-logo.tsx';
import { carrierImageOf } from '../../../lib/carrier-catalog.ts';
import { useLiveCarriers } from '../../../lib/live-carriers.ts';
import type { Quote } from '../api/application-types.ts';
import { CoverageCell } from './coverage-cell.tsx';
import { CarrierBindLink } from './live-quote-marks.tsx';
import {
  BASE_COVERAGES,
  coverageLabel,
  extraCoverageKeys,
  QUOTE_STATUS_COLORS,
} from './quote-coverage-format.ts';
import { QuoteDocumentLink } from './quote-document-link.tsx';
import { QuoteMarks } from './quote-marks.tsx';
import { QuoteStatusMessage } from './quote-status-message.tsx';

/** Props: the quote, whether it is the cheapest, and the actions the quotes view offers on it. */
export interface QuoteCardProps {
  quote: Quote;
  cheapest: boolean;
  actions?: ReactNode;
}

/** Card with the carrier name, status badge (loader while pending), premium and details. */
export function QuoteCard({ quote, cheapest, actions }: QuoteCardProps) {
  const extras = extraCoverageKeys([quote]);
  const carriers = useLiveCarriers();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      shadow={cheapest ? 'md' : undefined}
      style={cheapest ? { borderColor: 'var(--mantine-color-green-6)', borderWidth: 2 } : undefined}
      aria-label={`${quote.display_name} quote`}
    >
      <Stack gap="sm" h="100%">
        <Group gap="xs" wrap="nowrap">
          <CarrierLogo image={carrierImageOf(quote, carriers.data)} name={quote.display_name} size={32} />
          <Text fw={700} lineClamp={2}>
            {quote.display_name}
          </Text>
        </Group>
        <Group gap={6}>
          <Badge
            color={QUOTE_STATUS_COLORS[quote.status] ?? 'gray'}
            variant="light"
            leftSection={
              quote.status === 'pending' ? <Loader size={10} color="blue" aria-hidden /> : undefined
            }
          >
            {quote.status}
          </Badge>
          <QuoteMarks quote={quote} />
          {cheapest && (
            <Badge color="green" variant="filled">
              Lowest premium
            </Badge>
          )}
        </Group>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Annual premium
          </Text>
          <Text fz={28} fw={800} lh={1.2} c={quote.premium === null ? 'dimmed' : undefined}>
            {quote.premium === null
              ? quote.status === 'pending'
                ? 'Waiting…'
                : '—'
              : formatCurrency(quote.premium)}
          </Text>
        </div>
        <QuoteStatusMessage quote={quote} />
        <Divider />
        <Stack gap={4}>
          {[...Object.keys(BASE_COVERAGES), ...extras].map((key) => (
            <Group key={key} justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed">
                {coverageLabel(key)}
              </Text>
              <CoverageCell quote={quote} coverage={key} />
            </Group>
          ))}
        </Stack>
        <CarrierBindLink quote={quote} />
        <QuoteDocumentLink quote={quote} />
        {quote.benefits?.length > 0 && (
          <>
            <Divider />
            <List
              size="sm"
              spacing={4}
              icon={<IconCheck size={14} color="var(--mantine-color-green-6)" aria-hidden />}
              aria-label="Benefits"
            >
              {quote.benefits.map((benefit) => (
                <List.Item key={benefit}>{benefit}</List.Item>
              ))}
            </List>
          </>
        )}
        {actions && (
          <Group gap="xs" mt="auto" pt="xs">
            {actions}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
