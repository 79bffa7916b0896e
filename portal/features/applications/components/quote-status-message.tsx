/**
 * What a quote's status says beside its premium, shared by the quote card and the phone's compact
 * list (issue 40): a pending quote's message, a decline's reason in red, an error's or timeout's
 * message (or what happened, when the carrier gave none). A quoted quote says nothing here.
 */
import { Text } from '@mantine/core';
import type { Quote } from '../api/application-types.ts';

/** The message for `quote`'s status, or nothing. `size` is the text size. */
export function QuoteStatusMessage({ quote, size = 'sm' }: { quote: Quote; size?: 'xs' | 'sm' }) {
  if (quote.status === 'pending' && quote.message)
    return (
      <Text size={size} c="dimmed">
        {quote.message}
      </Text>
    );
  if (quote.status === 'declined' && quote.message)
    return (
      <Text size={size} c="red">
        {quote.message}
      </Text>
    );
  if (quote.status === 'error' || quote.status === 'timeout')
    return (
      <Text size={size} c="dimmed">
        {quote.message ||
          (quote.status === 'timeout'
            ? 'The carrier did not answer in time.'
            : 'The carrier returned an error.')}
      </Text>
    );
  return null;
}
