/** One headline figure of a report (reporting totals, a commission statement): a small label and the value. */
import { Card, Text } from '@mantine/core';

/** Props: the figure's label and its already formatted value. */
export function FigureCard({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}
