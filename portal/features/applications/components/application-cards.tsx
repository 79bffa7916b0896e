/**
 * The listing's rows as cards on a phone (issue 17 "Phones", 390 px wide): reference and status on
 * top, the address, product and client, and the cheapest quote with the alert, so nothing scrolls
 * sideways and Status and Cheapest quote stay in view. The table stays for wider screens.
 */
import { Card, Group, Stack, Text } from '@mantine/core';
import { formatCurrency } from '../../../../engine/index.ts';
import { ApplicationLink } from '../../../components/application-link.tsx';
import { formatWhen } from '../../../lib/format-when.ts';
import type { ApplicationRow } from '../api/application-types.ts';
import { AlertDot } from './alert-dot.tsx';
import { productLabel } from './product-label.ts';
import { StatusBadge } from './status-badge.tsx';

/** One card per row, as a list named "Applications". */
export function ApplicationCards({ rows, dimmed }: { rows: ApplicationRow[]; dimmed: boolean }) {
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label="Applications"
      p={0}
      m={0}
      style={{ listStyle: 'none', opacity: dimmed ? 0.6 : 1 }}
    >
      {rows.map((row) => (
        <Card key={row.id} component="li" withBorder radius="md" padding="sm">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <ApplicationLink applicationId={row.id} fw={600} size="sm">
                {row.application_id}
              </ApplicationLink>
              <StatusBadge status={row.status} />
            </Group>
            <Text size="sm" lineClamp={2}>
              {row.searched_address || '—'}
            </Text>
            <Text size="xs" c="dimmed">
              {productLabel(row.carrier_quote_type, row.application_type)}
              {row.client_name ? ` · ${row.client_name}` : ''}
            </Text>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                <Text span size="xs" c="dimmed">
                  Cheapest quote{' '}
                </Text>
                <Text span fw={600} size="sm">
                  {row.min_quote_amount === null ? '—' : formatCurrency(row.min_quote_amount)}
                </Text>
              </Text>
              <Group gap={8} wrap="nowrap">
                <AlertDot color={row.alert_color} />
                <Text size="xs" c="dimmed" title={row.updated_at}>
                  {formatWhen(row.updated_at, 'MMM D, h:mm A')}
                </Text>
              </Group>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
