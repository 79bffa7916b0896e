/**
 * The alerts dashboard widget: the newest applications that carry an alert colour (SPEC §3 Note),
 * each with the colour's reason written out (issue 40: an alert says why).
 */
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { ApplicationLink } from '../../../../components/application-link.tsx';
import { AlertDot } from '../../../applications/components/alert-dot.tsx';
import type { DashboardSummary } from '../../api/get-dashboard-summary.ts';
import { WIDGET_TITLES } from '../../widget-titles.ts';
import { WidgetCard } from './widget-card.tsx';

/** Props: the summary, undefined while it loads. */
export function AlertsWidget({ summary }: { summary: DashboardSummary | undefined }) {
  return (
    <WidgetCard title={WIDGET_TITLES.alerts}>
      {!summary ? (
        <Skeleton height={60} />
      ) : summary.alerts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No alert on your newest applications.
        </Text>
      ) : (
        <Stack gap="sm">
          {summary.alerts.map((row) => (
            <Stack key={row.id} gap={2}>
              <Group gap="sm" wrap="nowrap">
                <ApplicationLink applicationId={row.id} size="sm" fw={600}>
                  {row.application_id}
                </ApplicationLink>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {row.searched_address || 'No address yet'}
                </Text>
              </Group>
              <AlertDot color={row.alert_color} withReason />
            </Stack>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
