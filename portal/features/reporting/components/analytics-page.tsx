/**
 * /dashboard/reporting/analytics (issue 12 Analytics): charts with @mantine/charts, each with the
 * table behind it, over a range picked on the page (days in the user's time zone, ADR 410):
 * applications and launches per day or week, quote and decline rate per product (a sub-carrier, by
 * its carriers.json display name, ADR 751), time to first and to all quotes per carrier, median premium by flood zone and by product, top declining reasons,
 * and the funnel new -> launched -> completed. Scoped by the server as reporting (ADR 175).
 */
import { BarChart, FunnelChart, LineChart } from '@mantine/charts';
import {
  Box,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { DayRangeInputs } from '../../../components/day-range-inputs.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useAnalytics } from '../api/get-analytics.ts';
import { dayInZone, reportTimeZone } from '../api/report-time-zone.ts';

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
/** Seconds as the table shows them: "42.5 s", or "—" when no application qualifies. */
const seconds = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} s`);

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
      <Title order={2} size="h4" mb="sm">
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
  const [range, setRange] = useState(() => ({ from: dayInZone(-29), to: dayInZone(0) }));
  const [period, setPeriod] = useState<'day' | 'week'>('day');
  const analytics = useAnalytics(range);
  const data = analytics.data;
  const periods =
    period === 'day'
      ? (data?.per_day ?? []).map(({ day, ...counts }) => ({ start: day, ...counts }))
      : (data?.per_week ?? []).map(({ week, ...counts }) => ({ start: week, ...counts }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Analytics
          </Title>
          <Text c="dimmed" size="sm">
            Applications created between two days ({reportTimeZone()}, both included).
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
        <SimpleGrid cols={{ base: 1, lg: 2 }} role="status" aria-busy="true" aria-label="Loading analytics">
          {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((key) => (
            <Skeleton key={key} height={320} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <ChartCard
            title={`Applications and launches per ${period}`}
            empty={data.per_day.length === 0}
            chart={
              <Stack gap="xs">
                <SegmentedControl
                  size="xs"
                  value={period}
                  onChange={(value) => setPeriod(value as 'day' | 'week')}
                  data={[
                    { value: 'day', label: 'Per day' },
                    { value: 'week', label: 'Per week' },
                  ]}
                  aria-label="Period"
                />
                <LineChart
                  h={220}
                  data={periods}
                  dataKey="start"
                  withLegend
                  series={[
                    { name: 'applications', label: 'Applications', color: 'green.7' },
                    { name: 'launched', label: 'Launched', color: 'blue.7' },
                  ]}
                />
              </Stack>
            }
            head={[period === 'day' ? 'Day' : 'Week of', 'Applications', 'Launched']}
            rows={periods.map((d) => [d.start, d.applications, d.launched])}
          />
          <ChartCard
            title="Quote and decline rate per product"
            empty={data.carriers.length === 0}
            chart={
              <BarChart
                h={220}
                data={data.carriers.map((c) => ({
                  carrier: c.display_name,
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
            head={['Product', 'Asked', 'Quoted', 'Declined', 'Quote rate', 'Decline rate']}
            rows={data.carriers.map((c) => [
              c.display_name,
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
            title="Time to quotes per carrier"
            empty={data.quote_times.length === 0}
            chart={
              <BarChart
                h={220}
                data={data.quote_times.map((c) => ({
                  carrier: c.display_name,
                  first: c.first_quote_seconds ?? 0,
                  all: c.all_quotes_seconds ?? 0,
                }))}
                dataKey="carrier"
                unit=" s"
                withLegend
                series={[
                  { name: 'first', label: 'To first quote', color: 'indigo.7' },
                  { name: 'all', label: 'To all quotes', color: 'orange.8' },
                ]}
              />
            }
            head={['Carrier', 'Applications', 'To first quote (median)', 'To all quotes (median)']}
            rows={data.quote_times.map((c) => [
              c.display_name,
              c.applications,
              seconds(c.first_quote_seconds),
              seconds(c.all_quotes_seconds),
            ])}
          />
          <ChartCard
            title="Median lowest premium by flood zone"
            empty={data.median_premium_by_flood_zone.length === 0}
            chart={
              <BarChart
                h={220}
                data={data.median_premium_by_flood_zone}
                dataKey="flood_zone"
                valueFormatter={(value) => formatCurrency(value)}
                series={[{ name: 'median_premium', label: 'Median premium', color: 'cyan.8' }]}
              />
            }
            head={['Flood zone', 'Applications', 'Median premium']}
            rows={data.median_premium_by_flood_zone.map((z) => [
              z.flood_zone,
              z.applications,
              formatCurrency(z.median_premium),
            ])}
          />
          <ChartCard
            title="Top declining reasons"
            empty={data.decline_reasons.length === 0}
            chart={
              <BarChart
                h={220}
                data={data.decline_reasons}
                dataKey="reason"
                orientation="vertical"
                yAxisProps={{ width: 160 }}
                series={[{ name: 'declines', label: 'Declines', color: 'red.7' }]}
              />
            }
            head={['Reason', 'Declines']}
            rows={data.decline_reasons.map((r) => [r.reason, r.declines])}
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
