/**
 * The marks a quote carries beside its status in either quotes layout (card or comparison table,
 * issue 17): its source (SOV / Manual), "Indicative" for a sandbox rate, "Bindable" for a live
 * carrier's rate (issue 19), "Bound · <policy>" once the agent marked it bound (issue 12,
 * commission), and "Expired" past the company's quote expiry days (docs/decisions/400). docs/api.md Quote.
 */
import { Badge } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ExpiredBadge } from '../../../components/expired-badge.tsx';
import { ExplainedMark, MarkExplanation } from '../../../components/explained-mark.tsx';
import type { Quote } from '../api/application-types.ts';
import { BindableBadge } from './live-quote-marks.tsx';

/** Badge text of a quote's source: "SOV" or "Manual"; none for automatic quotes. docs/api.md (issue 3). */
export function sourceBadgeLabel(source: Quote['source']): 'SOV' | 'Manual' | null {
  return source === 'sov' ? 'SOV' : source === 'manual' ? 'Manual' : null;
}

/**
 * What an Indicative badge means: its tooltip, read with it, and the quotes view's line under the
 * quotes for those who cannot hover (issue 46).
 */
export const INDICATIVE_EXPLANATION = 'Rated by the sandbox connector. A sandbox rate cannot be bound.';

/** Whether `quote` carries the Indicative mark: a sandbox rate (a pending, declined or failed request has none). */
export function isIndicativeRate(quote: Quote): boolean {
  return quote.indicative === true && quote.premium !== null;
}

/** The source, indicative, bound and expired badges of `quote`, each only when it applies; `size` of the badges. */
export function QuoteMarks({ quote, size = 'md' }: { quote: Quote; size?: 'sm' | 'md' }) {
  const source = sourceBadgeLabel(quote.source);
  return (
    <>
      {source && (
        <Badge color={source === 'SOV' ? 'violet' : 'orange'} variant="outline" size={size}>
          {source}
        </Badge>
      )}
      {isIndicativeRate(quote) && (
        <ExplainedMark explanation={INDICATIVE_EXPLANATION}>
          <Badge
            variant="outline"
            color="grape"
            size={size}
            rightSection={<IconInfoCircle size={12} aria-hidden />}
          >
            <span>Indicative</span>
            <MarkExplanation explanation={INDICATIVE_EXPLANATION} />
          </Badge>
        </ExplainedMark>
      )}
      <BindableBadge quote={quote} size={size} />
      {quote.expired && <ExpiredBadge expiresAt={quote.expires_at ?? null} size={size} />}
      {quote.bound && (
        <Badge color="teal" variant="filled" size={size}>
          Bound · {quote.bound.policy_number}
        </Badge>
      )}
    </>
  );
}
