/** The quote-summary dashboard widget: the caller's applications by status (new, launched, completed). */
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconClockPlay, IconFilePlus } from '@tabler/icons-react';
import type { DashboardSummary } from '../../api/get-dashboard-summary.ts';

const STATUS_CARDS = [
  { key: 'new', label: 'New', hint: 'Being filled in', color: 'blue', Icon: IconFilePlus },
  { key: 'launched', label: 'Launched', hint: 'Waiting for quotes', color: 'orange', Icon: IconClockPlay },
  {
    key: 'completed',
    label: 'Completed',
    hint: 'All carriers answered',
    color: 'green',
    Icon: IconCircleCheck,
  },
] as const;

/** Props: the summary, undefined while it loads. */
export function QuoteSummaryWidget({ summary }: { summary: DashboardSummary | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {STATUS_CARDS.map(({ key, label, hint, color, Icon }) => (
        <Card key={key} withBorder radius="md" padding="lg">
          <Group justify="space-between" align="flex-start">
            <div>
              <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                {label}
              </Text>
              {summary ? (
                <Text fz={36} fw={800} lh={1.1} aria-label={`${label} applications`}>
                  {summary.status_counts[key]}
                </Text>
              ) : (
                <Skeleton height={36} width={60} mt={4} />
              )}
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            </div>
            <ThemeIcon color={color} variant="light" size="xl" radius="md">
              <Icon size={24} />
            </ThemeIcon>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
