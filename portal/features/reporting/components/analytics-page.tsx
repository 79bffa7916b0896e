/**
 * /dashboard/reporting/analytics (issue 12 Analytics): charts with @mantine/charts, each with the
 * table behind it, over a range picked on the page: applications and launches per day, quote and
 * decline rate per carrier, median premium by product, and the funnel new -> launched ->
 * completed. Scoped by the server as reporting (ADR 175).
 */
import { BarChart, FunnelChart, LineChart } from '@mantine/charts';
import { Box, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { DayRangeInputs } from '../../../components/day-range-inputs.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useAnalytics } from '../api/get-analytics.ts';

/** `YYYY-MM-DD` of a UTC day `offset` days from today. */
function utcDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** A chart card: title, the chart (or an empty note) and its table. */
function ChartCard({
  title,
  empty,
  chart,
  head,
  rows,
}: {
  title: string;
  empty: boolean;
  chart: ReactNode;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" size="sm">
          No data in this range.
        </Text>
      ) : (
        <Stack gap="sm">
          {chart}
          {/* A focusable region, so keyboard users can scroll a long table (axe scrollable-region-focusable). */}
          <Box mah={220} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={`${title} data`}>
            <Table striped verticalSpacing={4} fz="sm" aria-label={`${title} table`}>
              <Table.Thead>
                <Table.Tr>
                  {head.map((label, index) => (
                    <Table.Th key={label} ta={index === 0 ? undefined : 'right'}>
                      {label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={String(row[0])}>
                    {row.map((value, index) => (
                      <Table.Td key={head[index]} ta={index === 0 ? undefined : 'right'}>
                        {value}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </Stack>
      )}
    </Card>
  );
}

/** The analytics page. */
export function AnalyticsPage() {
  const [range, setRange] = useState(() => ({ from: utcDay(-29), to: utcDay(0) }));
  const analytics = useAnalytics(range);
  const data = analytics.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Analytics</Title>
          <Text c="dimmed" size="sm">
            Applications created between two days (UTC, both included).
          </Text>
        </div>
        <Group gap="sm">
          <DayRangeInputs
            from={range.from}
            to={range.to}
            onChange={(next) => setRange((r) => ({ ...r, ...next }))}
          />
        </Group>
      </Group>

      {analytics.isError ? (
        <LoadError
          title="Could not load analytics"
          error={analytics.error}
          onRetry={() => analytics.refetch()}
        />
      ) : !data ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} aria-busy="true" aria-label="Loading analytics">
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} height={320} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <ChartCard
            title="Applications and launches per day"
            empty={data.per_day.length === 0}
            chart={
              <LineChart
                h={220}
                data={data.per_day}
                dataKey="day"
                withLegend
                series={[
                  { name: 'applications', label: 'Applications', color: 'green.7' },
                  { name: 'launched', label: 'Launched', color: 'blue.7' },
                ]}
              />
            }
            head={['Day', 'Applications', 'Launched']}
            rows={data.per_day.map((d) => [d.day, d.applications, d.launched])}
          />
          <ChartCard
            title="Quote and decline rate per carrier"
            empty={data.carriers.length === 0}
            chart={
              <BarChart
                h={220}
                data={data.carriers.map((c) => ({
                  carrier: c.carrier,
                  quoted: Math.round(c.quote_rate * 1000) / 10,
                  declined: Math.round(c.decline_rate * 1000) / 10,
                }))}
                dataKey="carrier"
                unit="%"
                withLegend
                series={[
                  { name: 'quoted', label: 'Quote rate', color: 'green.7' },
                  { name: 'declined', label: 'Decline rate', color: 'red.7' },
                ]}
              />
            }
            head={['Carrier', 'Asked', 'Quoted', 'Declined', 'Quote rate', 'Decline rate']}
            rows={data.carriers.map((c) => [
              c.carrier,
              c.asked,
              c.quoted,
              c.declined,
              percent(c.quote_rate),
              percent(c.decline_rate),
            ])}
          />
          <ChartCard
            title="Median lowest premium by product"
            empty={data.median_premium_by_product.length === 0}
            chart={
              <BarChart
                h={220}
                data={data.median_premium_by_product}
                dataKey="product"
                valueFormatter={(value) => formatCurrency(value)}
                series={[{ name: 'median_premium', label: 'Median premium', color: 'teal.7' }]}
              />
            }
            head={['Product', 'Applications', 'Median premium']}
            rows={data.median_premium_by_product.map((p) => [
              p.product,
              p.applications,
              formatCurrency(p.median_premium),
            ])}
          />
          <ChartCard
            title="Funnel: new, launched, completed"
            empty={data.funnel.new === 0}
            chart={
              <Group justify="center">
                <FunnelChart
                  size={200}
                  withLabels
                  labelsPosition="right"
                  data={[
                    { name: 'New', value: data.funnel.new, color: 'gray.6' },
                    { name: 'Launched', value: data.funnel.launched, color: 'blue.7' },
                    { name: 'Completed', value: data.funnel.completed, color: 'green.7' },
                  ]}
                />
              </Group>
            }
            head={['Stage', 'Applications']}
            rows={[
              ['New (all)', data.funnel.new],
              ['Launched', data.funnel.launched],
              ['Completed', data.funnel.completed],
            ]}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
