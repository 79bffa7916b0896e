/**
 * The marks of a live carrier's quote (issue 19): a "Bindable" badge on an automatic quote the
 * carrier rated itself (not indicative), and a link to the carrier's portal page that binds it
 * when the answer carried one. docs/decisions/360-carrier-connections-as-data.md.
 */
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { ExplainedMark, MarkExplanation } from '../../../components/explained-mark.tsx';
import type { Quote } from '../api/application-types.ts';

/** Whether a quote is a live carrier's rate: automatic, answered with a premium, not indicative. */
export function isLiveRate(quote: Quote): boolean {
  return (quote.source ?? 'automatic') === 'automatic' && !quote.indicative && quote.premium !== null;
}

/** "Bindable" badge, with the carrier's reference in its tooltip. */
export function BindableBadge({ quote, size = 'md' }: { quote: Quote; size?: 'sm' | 'md' }) {
  if (!isLiveRate(quote)) return null;
  const reference = quote.carrier_reference ? ` Carrier reference ${quote.carrier_reference}.` : '';
  const explanation = `Rated live by the carrier.${reference}`;
  return (
    <ExplainedMark explanation={explanation}>
      <Badge variant="outline" color="teal" size={size}>
        <span>Bindable</span>
        <MarkExplanation explanation={explanation} />
      </Badge>
    </ExplainedMark>
  );
}

/** Link to bind the quote on the carrier's portal (new tab), when the carrier gave one. */
export function CarrierBindLink({ quote }: { quote: Quote }) {
  if (!quote.bind_url || !isLiveRate(quote)) return null;
  return (
    <Anchor
      href={quote.bind_url}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      aria-label={`Bind on the carrier's portal: the ${quote.display_name} quote (opens a new tab)`}
    >
      <Group gap={4} wrap="nowrap">
        <IconExternalLink size={16} aria-hidden />
        <Text span size="sm">
          Bind on the carrier's portal
        </Text>
      </Group>
    </Anchor>
  );
}
