/** The quote-rush dashboard widget: the agency's quote rush message while it is on (portal settings). */
import { Text } from '@mantine/core';
import { useAuth } from '../../../../lib/auth-store.ts';
import { WIDGET_TITLES } from '../../widget-titles.ts';
import { WidgetCard } from './widget-card.tsx';

/** The message while quote rush is on, else that it is off. */
export function QuoteRushWidget() {
  const quoteRush = useAuth().user?.company?.quote_rush;
  return (
    <WidgetCard title={WIDGET_TITLES['quote-rush']}>
      {quoteRush?.enabled ? (
        <Text size="sm" fw={600} c="var(--mantine-color-orange-light-color)">
          {quoteRush.message}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Quote rush is off.
        </Text>
      )}
    </WidgetCard>
  );
}
