/**
 * The "Expired" mark of a quote past the company's quote expiry days (issue 16,
 * docs/decisions/400-quote-expiry.md), with the moment it expired in a tooltip; shared by the
 * agents' quotes views and the customer's quotes.
 */
import { Badge } from '@mantine/core';
import { formatInUserZone } from '../lib/format-when.ts';
import { ExplainedMark, MarkExplanation } from './explained-mark.tsx';

/** Props: when the quote expired (ISO 8601, null when unknown) and the badge size. */
export interface ExpiredBadgeProps {
  expiresAt: string | null;
  size?: 'sm' | 'md';
}

/** A red outline "Expired" badge; the tooltip says when and that a relaunch re-rates it. */
export function ExpiredBadge({ expiresAt, size = 'md' }: ExpiredBadgeProps) {
  const when = expiresAt ? ` on ${formatInUserZone(expiresAt, 'MMM D, YYYY')}` : '';
  const explanation = `This premium expired${when}. Relaunch for a current one.`;
  return (
    <ExplainedMark explanation={explanation}>
      <Badge variant="outline" color="red" size={size}>
        <span>Expired</span>
        <MarkExplanation explanation={explanation} />
      </Badge>
    </ExplainedMark>
  );
}
