/**
 * /dashboard/reporting (issue 12 Reporting, SPEC §1, §2): applications created in a date range,
 * filters, server-side sorting and pages, and the totals of the whole range. Scoped by the
 * server (an agent their own, an admin the company's, a super-admin every company; ADR 175), and
 * the reports CSV export dialog.
 */
import {
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconChartBar, IconDownload, IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { CarrierSelect } from '../../../components/carrier-select.tsx';
import { DayRangeInputs } from '../../../components/day-range-inputs.tsx';
import { FigureCard } from '../../../components/figure-card.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useAgentChoices } from '../../../lib/agent-choices.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { ALERT_COLORS, ALL_ALERTS_LABEL, QUOTE_TYPES } from '../../../lib/constants.ts';
import { formatWhen } from '../../../lib/format-when.ts';
import { listingPerPage } from '../../../lib/user-settings.ts';
import { type ReportQuery, type ReportSortColumn, useReport } from '../api/get-report.ts';
import { useReportCompanies } from '../api/report-companies.ts';
import { dayInZone, reportTimeZone } from '../api/report-time-zone.ts';
import { ReportExportDialog } from './report-export-dialog.tsx';

const COLUMNS: { key: ReportSortColumn; label: string; numeric?: boolean }[] = [
  { key: 'reference', label: 'Reference' },
  { key: 'created_at', label: 'Created' },
  { key: 'agent', label: 'Agent' },
  { key: 'client_name', label: 'Client' },
  { key: 'address', label: 'Address' },
  { key: 'product', label: 'Product' },
  { key: 'status', label: 'Status' },
  { key: 'carriers_asked', label: 'Asked', numeric: true },
  { key: 'carriers_quoted', label: 'Quoted', numeric: true },
  { key: 'carriers_declined', label: 'Declined', numeric: true },
  { key: 'lowest_premium', label: 'Lowest premium', numeric: true },
  { key: 'launched_at', label: 'Launched' },
];

const TEXT_FILTERS = [
  { key: 'state', label: 'State', placeholder: 'FL' },
  { key: 'source', label: 'Source', placeholder: 'Agent Portal' },
] as const;

/** The reporting page. */
export function ReportingPage() {
  const [query, setQuery] = useState<ReportQuery>(() => ({
    from: dayInZone(-29),
    to: dayInZone(0),
    page: 1,
    // The user's rows per page (SPEC §3 user_settings, issue 20), 25 by default.
    perPage: listingPerPage(),
    sort: { column: 'created_at', direction: 'desc' },
    filters: {
      company_id: '',
      agent_id: '',
      product: '',
      status: '',
      state: '',
      source: '',
      carrier: '',
      alert_colour: '',
    },
  }));
  const [exportOpen, setExportOpen] = useState(false);
  const role = useAuth().user?.role;
  const isSuperAdmin = role === 'super-admin';
  const companies = useReportCompanies(isSuperAdmin);
  const agents = useAgentChoices(isSuperAdmin || role === 'admin', query.filters.company_id);
  const report = useReport(query);
  const data = report.data;

  const setFilter = (key: keyof ReportQuery['filters'], value: string) =>
    setQuery((q) => ({ ...q, page: 1, filters: { ...q.filters, [key]: value } }));
  const sortBy = (column: ReportSortColumn) =>
    setQuery((q) => ({
      ...q,
      page: 1,
      sort: {
        column,
        direction: q.sort.column === column && q.sort.direction === 'desc' ? 'asc' : 'desc',
      },
    }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Reporting
          </Title>
          <Text c="dimmed" size="sm">
            Applications created between two days ({reportTimeZone()}, both included), with the totals of the
            range.
          </Text>
        </div>
        <Button leftSection={<IconDownload size={18} />} onClick={() => setExportOpen(true)}>
          Export CSV
        </Button>
      </Group>
      {exportOpen && <ReportExportDialog opened query={query} onClose={() => setExportOpen(false)} />}

      <Card withBorder padding="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4, lg: 5 }} spacing="sm">
          <DayRangeInputs
            from={query.from}
            to={query.to}
            onChange={(range) => setQuery((q) => ({ ...q, page: 1, ...range }))}
          />
          {isSuperAdmin && (
            <Select
              label="Company"
              placeholder="Every company"
              clearable
              searchable
              data={companies.data ?? []}
              value={query.filters.company_id || null}
              onChange={(value) =>
                setQuery((q) => ({
                  ...q,
                  page: 1,
                  // Another company's agents are not in the new company: the agent filter starts over.
                  filters: { ...q.filters, company_id: value ?? '', agent_id: '' },
                }))
              }
            />
          )}
          {(isSuperAdmin || role === 'admin') && (
            <Select
              label="Agent"
              placeholder="Every agent"
              clearable
              searchable
              data={agents.data ?? []}
              value={query.filters.agent_id || null}
              onChange={(value) => setFilter('agent_id', value ?? '')}
            />
          )}
          <Select
            label="Product"
            placeholder="All products"
            clearable
            data={QUOTE_TYPES.map((q) => ({ value: q.value, label: q.label }))}
            value={query.filters.product || null}
            onChange={(value) => setFilter('product', value ?? '')}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            clearable
            data={[
              { value: 'new', label: 'New' },
              { value: 'launched', label: 'Launched' },
              { value: 'completed', label: 'Completed' },
            ]}
            value={query.filters.status || null}
            onChange={(value) => setFilter('status', value ?? '')}
          />
          <Select
            label="Alert colour"
            placeholder={ALL_ALERTS_LABEL}
            clearable
            data={ALERT_COLORS.map((c) => ({ value: c, label: c[0].toUpperCase() + c.slice(1) }))}
            value={query.filters.alert_colour || null}
            onChange={(value) => setFilter('alert_colour', value ?? '')}
          />
          {/* Every family of the catalogue in use (issue 40, issue 43). */}
          <CarrierSelect
            label="Carrier"
            placeholder="Any carrier"
            clearable
            value={query.filters.carrier || null}
            onChange={(value) => setFilter('carrier', value ?? '')}
          />
          {TEXT_FILTERS.map((field) => (
            <TextInput
              key={field.key}
              label={field.label}
              placeholder={field.placeholder}
              value={query.filters[field.key]}
              onChange={(e) =>
                setFilter(
                  field.key,
                  field.key === 'state' ? e.currentTarget.value.toUpperCase() : e.currentTarget.value,
                )
              }
            />
          ))}
        </SimpleGrid>
      </Card>

      {report.isError ? (
        <LoadError title="Could not load the report" error={report.error} onRetry={() => report.refetch()} />
      ) : !data ? (
        <Card
          withBorder
          padding={0}
          radius="md"
          role="status"
          aria-busy="true"
          aria-label="Loading the report"
        >
          <Stack gap={0} p="md">
            {['s1', 's2', 's3', 's4', 's5'].map((key) => (
              <Skeleton key={key} height={28} my={8} radius="sm" />
            ))}
          </Stack>
        </Card>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="sm" aria-label="Totals of the range">
            <FigureCard label="Applications" value={data.totals.applications} />
            <FigureCard label="New" value={data.totals.new} />
            <FigureCard label="Launched" value={data.totals.launched} />
            <FigureCard label="Completed" value={data.totals.completed} />
            <FigureCard label="Carriers asked" value={data.totals.carriers_asked} />
            <FigureCard label="Quoted" value={data.totals.carriers_quoted} />
            <FigureCard label="Declined" value={data.totals.carriers_declined} />
            <FigureCard
              label="Lowest premium"
              value={data.totals.lowest_premium === null ? '—' : formatCurrency(data.totals.lowest_premium)}
            />
          </SimpleGrid>
          {data.rows.length === 0 ? (
            <Card withBorder radius="md" p="xl">
              <Stack align="center" gap="xs" py="lg">
                <IconChartBar size={48} stroke={1.3} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text fw={600}>No applications in this range</Text>
                <Text c="dimmed" size="sm" ta="center">
                  Widen the dates or clear a filter.
                </Text>
              </Stack>
            </Card>
          ) : (
            <Card withBorder padding={0} radius="md" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
              <Table.ScrollContainer minWidth={1200}>
                <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="sm" aria-label="Report">
                  <Table.Thead>
                    <Table.Tr>
                      {COLUMNS.map((column) => {
                        const sorted = query.sort.column === column.key;
                        const Icon = !sorted
                          ? IconSelector
                          : query.sort.direction === 'asc'
                            ? IconArrowUp
                            : IconArrowDown;
                        return (
                          <Table.Th
                            key={column.key}
                            ta={column.numeric ? 'right' : undefined}
                            aria-sort={
                              sorted
                                ? query.sort.direction === 'asc'
                                  ? 'ascending'
                                  : 'descending'
                                : undefined
                            }
                          >
                            <UnstyledButton onClick={() => sortBy(column.key)} fw={600} fz="sm">
                              <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : undefined}>
                                {column.label}
                                <Icon size={14} aria-hidden />
                              </Group>
                            </UnstyledButton>
                          </Table.Th>
                        );
                      })}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.rows.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td fw={600}>{row.reference}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {formatWhen(row.created_at, 'MMM D, YYYY')}
                        </Table.Td>
                        <Table.Td>{row.agent}</Table.Td>
                        <Table.Td>{row.client_name || '—'}</Table.Td>
                        <Table.Td miw={220}>
                          <Text size="sm" lineClamp={2}>
                            {row.address || '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>{row.product ?? '—'}</Table.Td>
                        <Table.Td tt="capitalize">{row.status}</Table.Td>
                        <Table.Td ta="right">{row.carriers_asked}</Table.Td>
                        <Table.Td ta="right">{row.carriers_quoted}</Table.Td>
                        <Table.Td ta="right">{row.carriers_declined}</Table.Td>
                        <Table.Td ta="right">
                          {row.lowest_premium === null ? '—' : formatCurrency(row.lowest_premium)}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {row.launched_at ? formatWhen(row.launched_at, 'MMM D, YYYY') : '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {data.total === 1 ? '1 application' : `${data.total} applications`}
            </Text>
            {data.last_page > 1 && (
              <Pagination
                total={data.last_page}
                value={query.page}
                onChange={(page) => setQuery((q) => ({ ...q, page }))}
                aria-label="Report pages"
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
