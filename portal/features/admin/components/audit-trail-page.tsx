/**
 * /dashboard/audit-trail (issue 38, "An admin page with filters and CSV export";
 * docs/decisions/719-append-only-audit-trail.md): the audited actions, newest first, with the
 * person, whom they acted as, the action in words and its code, its target and the client's
 * address (and, for a super-admin, the agency); filtered by action, by days in the user's time
 * zone and, for a super-admin, by agency; paged, and exported as CSV.
 * Admins read their agency's trail, super-admins every agency's (the server scopes it); agents and
 * customers get the no-access state, and the server answers them 403.
 */
import {
  Alert,
  Button,
  Card,
  Code,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { CountedPages } from '../../../components/counted-pages.tsx';
import { DayRangeInputs } from '../../../components/day-range-inputs.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { formatInUserZone } from '../../../lib/format-when.ts';
import { showToast } from '../../../lib/toast.ts';
import { listingPerPage } from '../../../lib/user-settings.ts';
import { useReportCompanies } from '../../reporting/api/report-companies.ts';
import { dayInZone, reportTimeZone } from '../../reporting/api/report-time-zone.ts';
import { canManageCompanies } from '../api/admin-roles.ts';
import {
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditEvent,
  type AuditFilters,
  auditActionLabel,
  exportAuditCsv,
  useAuditEvents,
} from '../api/audit-api.ts';
import { AdminAccessGate } from './admin-access-gate.tsx';
import { EmptyState } from './empty-state.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

/** The empty state's words when no event matches. */
export const NO_AUDIT_EVENTS = 'No audit events match these filters.';

const ACTION_CHOICES = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));

/** The person who acted: their name, a deleted user's id, or none for a refused unknown sign-in. */
function personOf(id: number | null, name: string | null): string {
  if (name) return name;
  return id === null ? 'No account' : `Deleted user #${id}`;
}

/**
 * One event's row; `agencies` (a super-admin's: agency names by id) adds the agency whose trail
 * holds it.
 */
function AuditEventRow({ event, agencies }: { event: AuditEvent; agencies: Map<string, string> | null }) {
  const actedAsSomeoneElse =
    event.acting_as_user_id !== null && event.acting_as_user_id !== event.actor_user_id;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatInUserZone(event.occurred_at, 'MMM D, YYYY h:mm:ss A')}
      </Table.Td>
      <Table.Td>{personOf(event.actor_user_id, event.actor_name)}</Table.Td>
      <Table.Td>
        {actedAsSomeoneElse ? personOf(event.acting_as_user_id, event.acting_as_name) : '—'}
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm">{auditActionLabel(event.action)}</Text>
          <Code style={{ alignSelf: 'flex-start' }}>{event.action}</Code>
        </Stack>
      </Table.Td>
      <Table.Td>
        {event.target_type ? (
          <Text size="sm">
            {event.target_type}
            {event.target_id ? ` ${event.target_id}` : ''}
          </Text>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{event.client_address ?? '—'}</Table.Td>
      {agencies ? (
        <Table.Td>
          {event.company_id === null
            ? 'No agency'
            : (agencies.get(String(event.company_id)) ?? `Agency #${event.company_id}`)}
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

function AuditTrail() {
  const user = useAuth().user;
  const superAdmin = canManageCompanies(user?.role);
  const [filters, setFilters] = useState<AuditFilters>(() => ({
    action: '',
    from: dayInZone(-29),
    to: dayInZone(0),
    company_id: '',
  }));
  const [page, setPage] = useState(1);
  const perPage = listingPerPage();
  const events = useAuditEvents(filters, page, perPage);
  const companies = useReportCompanies(superAdmin);
  const agencies = superAdmin
    ? new Map((companies.data ?? []).map((company) => [company.value, company.label]))
    : null;
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const filter = (next: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const { file_name, rows } = await exportAuditCsv(filters);
      showToast(
        'success',
        'Audit trail exported',
        `${file_name} (${rows} ${rows === 1 ? 'event' : 'events'}) is downloading.`,
      );
    } catch (caught) {
      setExportError((caught as Error).message || 'Internet issue or contact IT.');
    } finally {
      setExporting(false);
    }
  };
  const data = events.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Audit trail
          </Title>
          <Text c="dimmed" size="sm">
            Sign-ins, switches, changes, exports and deletions{' '}
            {superAdmin ? 'in every agency' : `in ${user?.mga_company?.name ?? 'your agency'}`}, newest first;
            times in {reportTimeZone()}.
          </Text>
        </div>
        <Button leftSection={<IconDownload size={18} />} loading={exporting} onClick={download}>
          Export CSV
        </Button>
      </Group>
      {exportError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The export failed">
          {exportError}
        </Alert>
      )}

      <Card withBorder padding="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: superAdmin ? 4 : 3 }} spacing="sm">
          {superAdmin && (
            <Select
              label="Agency"
              placeholder="Every agency"
              clearable
              searchable
              data={companies.data ?? []}
              value={filters.company_id || null}
              onChange={(value) => filter({ company_id: value ?? '' })}
            />
          )}
          <Select
            label="Action"
            placeholder="Every action"
            clearable
            data={ACTION_CHOICES}
            value={filters.action || null}
            onChange={(value) => filter({ action: (value ?? '') as AuditAction | '' })}
          />
          <DayRangeInputs from={filters.from} to={filters.to} onChange={(range) => filter(range)} />
        </SimpleGrid>
      </Card>

      <Card withBorder radius="md" padding={0}>
        {events.isError ? (
          <LoadError
            title="Could not load the audit trail"
            error={events.error}
            onRetry={() => events.refetch()}
          />
        ) : !data ? (
          <TableSkeleton label="Loading the audit trail" rows={6} />
        ) : data.events.length === 0 ? (
          <EmptyState title={NO_AUDIT_EVENTS} hint="Widen the dates or choose every action." />
        ) : (
          <Table.ScrollContainer minWidth={960}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              highlightOnHover
              aria-label="Audit events"
              style={{ opacity: events.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Acting as</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Client address</Table.Th>
                  {agencies ? <Table.Th>Agency</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.events.map((event) => (
                  <AuditEventRow key={event.id} event={event} agencies={agencies} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {data ? (
        <CountedPages
          total={data.total}
          perPage={data.per_page}
          page={page}
          onPage={setPage}
          noun={['event', 'events']}
          label="Audit trail pages"
        />
      ) : null}
    </Stack>
  );
}

/** The page, gated to admins and super-admins. */
export function AuditTrailPage() {
  return (
    <AdminAccessGate>
      <AuditTrail />
    </AdminAccessGate>
  );
}
