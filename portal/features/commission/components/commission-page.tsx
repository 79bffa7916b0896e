/**
 * /dashboard/commission (issue 12 Commission, SPEC §1, §2): the commission statement of a period —
 * the policies the agency marked as bound on the quotes view, each with its rate and commission,
 * payable or paid — with totals, the CSV export, and for admins marking lines paid; and the rates
 * tab (rates-table.tsx). Scoped by the server: an agent their own lines, an admin the company's
 * (agent filter), a super-admin every company (company picker). ADR 177.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconReceipt } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DayRangeInputs } from '../../../components/day-range-inputs.tsx';
import { FigureCard } from '../../../components/figure-card.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { countNoun, takesSingular } from '../../../lib/count-noun.ts';
import { showToast } from '../../../lib/toast.ts';
import { usersListQueryOptions } from '../../admin/api/users-api.ts';
import { useReportCompanies } from '../../reporting/api/report-companies.ts';
import { exportStatementCsv, type StatementQuery, setPaid, useStatement } from '../api/commission-api.ts';
import { RatesTable } from './rates-table.tsx';

/** Dollars with cents, as statements show money. */
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatCurrency = (amount: number) => DOLLARS.format(amount);

/** The commission page. */
export function CommissionPage() {
  const role = useAuth().user?.role;
  const superAdmin = role === 'super-admin';
  const manager = superAdmin || role === 'admin';
  const [query, setQuery] = useState<StatementQuery>(() => ({
    from: dayjs().startOf('month').format('YYYY-MM-DD'),
    to: dayjs().endOf('month').format('YYYY-MM-DD'),
    company_id: null,
    agent_id: null,
    paid: null,
  }));
  const companies = useReportCompanies(superAdmin);
  const agents = useQuery(
    usersListQueryOptions(
      { role: 'agent', company_id: query.company_id },
      manager && (!superAdmin || query.company_id !== null),
    ),
  );
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Commission
        </Title>
        <Text c="dimmed" size="sm">
          Policies marked as bound on the quotes view, by effective date, with the commission their rate
          earns.
        </Text>
      </div>
      <Card withBorder padding="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <DayRangeInputs
            from={query.from}
            to={query.to}
            labels={['Effective from', 'Effective to']}
            onChange={(range) => setQuery((q) => ({ ...q, ...range }))}
          />
          {superAdmin && (
            <Select
              label="Company"
              placeholder="Every company"
              clearable
              searchable
              data={companies.data ?? []}
              value={query.company_id === null ? null : String(query.company_id)}
              onChange={(value) =>
                setQuery((q) => ({ ...q, company_id: value ? Number(value) : null, agent_id: null }))
              }
            />
          )}
          {manager && (
            <Select
              label="Agent"
              placeholder="Every agent"
              clearable
              searchable
              data={(agents.data ?? [])
                .filter((user) => user.agent)
                .map((user) => ({ value: String(user.agent?.id), label: user.name }))}
              value={query.agent_id === null ? null : String(query.agent_id)}
              onChange={(value) => setQuery((q) => ({ ...q, agent_id: value ? Number(value) : null }))}
            />
          )}
          <Select
            label="Status"
            placeholder="Payable and paid"
            clearable
            data={[
              { value: 'payable', label: 'Payable' },
              { value: 'paid', label: 'Paid' },
            ]}
            value={query.paid}
            onChange={(value) => setQuery((q) => ({ ...q, paid: (value as StatementQuery['paid']) ?? null }))}
          />
        </SimpleGrid>
      </Card>
      <Tabs defaultValue="statement" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="statement">Statement</Tabs.Tab>
          <Tabs.Tab value="rates">Rates</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="statement" pt="md">
          <StatementView query={query} manager={manager} />
        </Tabs.Panel>
        <Tabs.Panel value="rates" pt="md">
          {superAdmin && query.company_id === null ? (
            <Alert color="blue" title="Choose a company">
              Rates belong to a company: pick one above to see and change its rates.
            </Alert>
          ) : (
            <RatesTable companyId={query.company_id} editable={manager} />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function StatementView({ query, manager }: { query: StatementQuery; manager: boolean }) {
  const statement = useStatement(query);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  if (statement.isPending) return <Skeleton height={240} aria-label="Loading the statement" />;
  if (statement.isError) {
    return (
      <LoadError
        title="Could not load the statement"
        error={statement.error}
        onRetry={() => statement.refetch()}
      />
    );
  }
  const { lines, totals, truncated } = statement.data;
  const mark = async (paid: boolean) => {
    setBusy(true);
    const answer = await setPaid([...selected], paid);
    setBusy(false);
    if (answer.status !== 'success') return;
    showToast(
      'success',
      paid ? 'Marked paid' : 'Marked payable',
      `${countNoun(answer.data?.changed.length ?? 0, 'line')} changed.`,
    );
    setSelected(new Set());
    await queryClient.invalidateQueries({ queryKey: ['commission', 'statement'] });
  };
  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const name = await exportStatementCsv(query);
      showToast('success', 'Statement exported', `${name} is downloading.`);
    } catch (caught) {
      setExportError((caught as Error).message || 'Internet issue or contact IT.');
    } finally {
      setExporting(false);
    }
  };
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        <FigureCard label="Policies" value={totals.lines} />
        <FigureCard label="Bound premium" value={formatCurrency(totals.premium)} />
        <FigureCard label="Commission" value={formatCurrency(totals.commission)} />
        <FigureCard label="Paid" value={formatCurrency(totals.paid)} />
        <FigureCard label="Payable" value={formatCurrency(totals.payable)} />
      </SimpleGrid>
      {totals.without_rate > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {countNoun(totals.without_rate, 'line')} {takesSingular(totals.without_rate) ? 'has' : 'have'} no
          commission rate for their carrier and product: they count $0 until a rate is set on the Rates tab.
        </Alert>
      )}
      <Group justify="space-between">
        {manager ? (
          <Group gap="xs">
            <Button size="xs" disabled={selected.size === 0} loading={busy} onClick={() => mark(true)}>
              Mark paid
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={selected.size === 0}
              loading={busy}
              onClick={() => mark(false)}
            >
              Mark payable
            </Button>
          </Group>
        ) : (
          <span />
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          onClick={download}
        >
          Export CSV
        </Button>
      </Group>
      {exportError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The export failed">
          {exportError}
        </Alert>
      )}
      {lines.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap={4}>
            <IconReceipt size={32} aria-hidden />
            <Text fw={600}>No bound policy in this period</Text>
            <Text size="sm" c="dimmed">
              Mark a quoted carrier as bound on an application's quotes to see its commission here.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Commission statement">
              <Table.Thead>
                <Table.Tr>
                  {manager && <Table.Th w={40} />}
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Carrier</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Business</Table.Th>
                  <Table.Th>Policy</Table.Th>
                  <Table.Th>Effective</Table.Th>
                  <Table.Th ta="right">Premium</Table.Th>
                  <Table.Th ta="right">Rate</Table.Th>
                  <Table.Th ta="right">Commission</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => (
                  <Table.Tr key={line.id}>
                    {manager && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${line.policy_number}`}
                          checked={selected.has(line.id)}
                          onChange={() => toggle(line.id)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      {line.application_id === null ? (
                        line.reference
                      ) : (
                        <Link
                          to="/agent-portal/application-details/$application_id"
                          params={{ application_id: String(line.application_id) }}
                        >
                          {line.reference}
                        </Link>
                      )}
                    </Table.Td>
                    <Table.Td>{line.client_name || '—'}</Table.Td>
                    <Table.Td>{line.carrier}</Table.Td>
                    <Table.Td>{line.product}</Table.Td>
                    <Table.Td>{line.business === 'new' ? 'New business' : 'Renewal'}</Table.Td>
                    <Table.Td>{line.policy_number}</Table.Td>
                    <Table.Td>{dayjs(line.effective_date).format('MMM D, YYYY')}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(line.premium)}</Table.Td>
                    <Table.Td ta="right">
                      {line.rate_percent === null ? 'No rate' : `${line.rate_percent}%`}
                    </Table.Td>
                    <Table.Td ta="right">{formatCurrency(line.commission)}</Table.Td>
                    <Table.Td miw={100}>
                      <Badge
                        color={line.paid ? 'green' : 'yellow'}
                        variant="light"
                        style={{ overflow: 'visible' }}
                      >
                        {line.paid ? 'Paid' : 'Payable'}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {truncated && (
            <Text size="sm" c="dimmed" p="sm">
              The first 1,000 lines are shown; the totals and the CSV export hold every line.
            </Text>
          )}
        </Card>
      )}
    </Stack>
  );
}
