/**
 * The eo-expiry dashboard widget: the agency's E&O expiry date and the days left (user.eo_expiry of
 * SPEC §3; the stored company drops eo_data, so the policy's details stay on the E&O details page).
 */
import { Badge, Group, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useAuth } from '../../../../lib/auth-store.ts';
import { companyExpiryDays } from '../../../../lib/company-expiry-days.ts';
import { WIDGET_TITLES } from '../../widget-titles.ts';
import { WidgetCard } from './widget-card.tsx';

/** The expiry date and days left (red when expired, yellow within 30 days). */
export function EoExpiryWidget() {
  const expiry = useAuth().user?.eo_expiry;
  const days = companyExpiryDays(expiry);
  return (
    <WidgetCard title={WIDGET_TITLES['eo-expiry']}>
      {typeof expiry !== 'string' || days === null ? (
        <Text size="sm" c="dimmed">
          No E&O policy on file. An admin adds it in portal settings.
        </Text>
      ) : (
        <Group justify="space-between">
          <Text size="sm">Your agency's E&O coverage expires {dayjs(expiry).format('MMM D, YYYY')}.</Text>
          <Badge color={days <= 0 ? 'red' : days <= 30 ? 'yellow' : 'green'} variant="light">
            {days < 0 ? `Expired ${-days} days ago` : days === 0 ? 'Expires today' : `${days} days left`}
          </Badge>
        </Group>
      )}
    </WidgetCard>
  );
}
