/**
 * The listing of /agent-portal: backend filters (throttled 300 ms into the URL and the fetch),
 * the frontend alert filter, the table (cards and folded filters on a phone), pagination, and the
 * New application dialog.
 * SPEC §3 Listing state, §4 Alert filter, §9 Listing.
 */
import {
  Button,
  Card,
  Collapse,
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
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { ApplicationLink } from '../../../components/application-link.tsx';
import { EmptyStateAnimation } from '../../../components/empty-state-animation.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useApplicationSources } from '../../../lib/application-sources.ts';
import {
  ALERT_COLORS,
  ALL_ALERTS_LABEL,
  type AlertColor,
  LISTING_FETCH_THROTTLE_MS,
  LISTING_FIRST_PAGE,
  QUOTE_TYPES,
} from '../../../lib/constants.ts';
import { formatWhen } from '../../../lib/format-when.ts';
import { throttle } from '../../../lib/throttle.ts';
import type { ApplicationRow } from '../api/application-types.ts';
import { useApplicationsList } from '../api/get-agent-applications-list.ts';
import type { ListingSearch } from '../api/listing-search.ts';
import { resetDetailsView } from '../stores/details-view-store.ts';
import { AlertDot } from './alert-dot.tsx';
import { ApplicationCards } from './application-cards.tsx';
import { NewApplicationDialog } from './new-application-dialog.tsx';
import { productLabel } from './product-label.ts';
import { StatusBadge } from './status-badge.tsx';

/** Rows matching the frontend alert filter ('' = All Alerts). SPEC §4 Alert filter. */
export function filterRowsByAlert(rows: ApplicationRow[], alert: AlertColor | ''): ApplicationRow[] {
  return alert === '' ? rows : rows.filter((row) => row.alert_color === alert);
}

/** Props: the parsed URL search, how to change it, and where a created application goes. */
export interface ApplicationsListingProps {
  search: ListingSearch;
  onSearchChange: (next: ListingSearch) => void;
  onCreated: (applicationId: number) => void;
}

type TextFilterKey = 'address' | 'application_id' | 'client_name_id';

const FILTER_FIELDS: { key: TextFilterKey; label: string; placeholder: string }[] = [
  { key: 'address', label: 'Address', placeholder: 'Street or ZIP' },
  { key: 'application_id', label: 'Application ID', placeholder: 'RMGA0000042' },
  // client_name_id is the id of the application's client contact (ADR 432).
  { key: 'client_name_id', label: 'Client contact', placeholder: 'Contact id' },
];

/** The listing page. */
export function ApplicationsListing({ search, onSearchChange, onCreated }: ApplicationsListingProps) {
  const [filters, setFilters] = useState(() => ({
    address: search.address,
    application_id: search.application_id,
    client_name_id: search.client_name_id,
  }));
  const sources = useApplicationSources();
  const [newOpen, setNewOpen] = useState(false);

  // SPEC §2: the listing resets the details page to its form view.
  useEffect(() => resetDetailsView(), []);

  // Latest props in refs: callers pass a new onSearchChange each render, and a throttle recreated
  // per render would not throttle at all.
  const searchRef = useRef(search);
  searchRef.current = search;
  const onSearchChangeRef = useRef(onSearchChange);
  onSearchChangeRef.current = onSearchChange;
  const pushSearch = useMemo(
    () =>
      throttle((next: Partial<ListingSearch>) => {
        onSearchChangeRef.current({ ...searchRef.current, ...next, page: LISTING_FIRST_PAGE });
      }, LISTING_FETCH_THROTTLE_MS),
    [],
  );
  useEffect(() => () => pushSearch.cancel(), [pushSearch]);

  const query = useApplicationsList({
    page: search.page,
    address: search.address,
    application_id: search.application_id,
    client_name_id: search.client_name_id,
    application_source: search.application_source,
    carrier_quote_type: search.carrier_quote_type,
  });

  const theme = useMantineTheme();
  // Phones get cards and folded filters; jsdom and wide screens the table (issue 17 "Phones").
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.1px))`) === true;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [
    search.address,
    search.application_id,
    search.client_name_id,
    search.application_source,
    search.carrier_quote_type,
    search.alert,
  ].filter((value) => value !== '').length;

  const page = query.data?.applications;
  const rows = filterRowsByAlert(page?.data ?? [], search.alert);

  function onFilter(key: TextFilterKey, value: string) {
    const next = { ...filters, [key]: value };
    setFilters(next);
    pushSearch(next);
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Applications
          </Title>
          <Text c="dimmed" size="sm">
            {page ? `${page.total} application${page.total === 1 ? '' : 's'}` : 'Your quote applications'}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setNewOpen(true)}>
          New application
        </Button>
      </Group>

      <Card withBorder padding="md" radius="md">
        {phone && (
          <Button
            variant="subtle"
            color="gray"
            fullWidth
            justify="space-between"
            rightSection={filtersOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            aria-expanded={filtersOpen}
            aria-controls="listing-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {activeFilters === 0 ? 'Filters' : `Filters (${activeFilters} active)`}
          </Button>
        )}
        <Collapse expanded={!phone || filtersOpen} id="listing-filters" pt={phone ? 'sm' : 0}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
            {FILTER_FIELDS.map((field) => (
              <TextInput
                key={field.key}
                label={field.label}
                placeholder={field.placeholder}
                value={filters[field.key]}
                onChange={(e) => onFilter(field.key, e.currentTarget.value)}
                leftSection={field.key === 'address' ? <IconSearch size={16} aria-hidden /> : undefined}
              />
            ))}
            <Select
              label="Quote type"
              placeholder="All quote types"
              clearable
              data={QUOTE_TYPES.map((q) => ({ value: q.value, label: q.label }))}
              value={search.carrier_quote_type || null}
              onChange={(value) =>
                onSearchChange({ ...search, carrier_quote_type: value ?? '', page: LISTING_FIRST_PAGE })
              }
            />
            <Select
              label="Application source"
              placeholder="All sources"
              clearable
              searchable
              // A source in the URL that the agency no longer offers is still shown as chosen.
              data={[
                ...new Set([...sources, ...(search.application_source ? [search.application_source] : [])]),
              ]}
              value={search.application_source || null}
              onChange={(value) =>
                onSearchChange({ ...search, application_source: value ?? '', page: LISTING_FIRST_PAGE })
              }
            />
            <Select
              label="Alerts"
              allowDeselect={false}
              data={[
                { value: '', label: ALL_ALERTS_LABEL },
                ...ALERT_COLORS.map((c) => ({ value: c, label: c[0].toUpperCase() + c.slice(1) })),
              ]}
              value={search.alert}
              onChange={(value) => onSearchChange({ ...search, alert: (value ?? '') as AlertColor | '' })}
            />
          </SimpleGrid>
        </Collapse>
      </Card>

      {query.isError ? (
        <LoadError title="Could not load applications" error={query.error} onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <Card
          withBorder
          padding={0}
          radius="md"
          role="status"
          aria-busy="true"
          aria-label="Loading applications"
        >
          <Stack gap={0} p="md">
            {['s1', 's2', 's3', 's4', 's5', 's6'].map((key) => (
              <Skeleton key={key} height={28} my={8} radius="sm" />
            ))}
          </Stack>
        </Card>
      ) : rows.length === 0 ? (
        <Card withBorder radius="md" p="xl">
          <Stack align="center" gap="xs" py="lg">
            <EmptyStateAnimation size={96} />
            <Text fw={600}>No applications found</Text>
            <Text c="dimmed" size="sm" ta="center">
              {page && page.total > 0
                ? 'No application on this page matches the alert filter.'
                : 'Try other filters, or start a new application.'}
            </Text>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setNewOpen(true)}
              mt="xs"
            >
              New application
            </Button>
          </Stack>
        </Card>
      ) : phone ? (
        <ApplicationCards rows={rows} dimmed={query.isPlaceholderData} />
      ) : (
        <Card withBorder padding={0} radius="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Applications">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th ta="right">Cheapest quote</Table.Th>
                  <Table.Th>Alert</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <ApplicationLink applicationId={row.id} fw={600} size="sm">
                        {row.application_id}
                      </ApplicationLink>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {row.searched_address || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{productLabel(row.carrier_quote_type, row.application_type)}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <StatusBadge status={row.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.client_name || '—'}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={500}>
                        {row.min_quote_amount === null ? '—' : formatCurrency(row.min_quote_amount)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <AlertDot color={row.alert_color} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" title={row.updated_at}>
                        {formatWhen(row.updated_at, 'MMM D, YYYY h:mm A')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}

      {page && page.last_page > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Showing {page.from ?? 0}–{(page.from ?? 1) - 1 + (page.data?.length ?? 0)} of {page.total}
          </Text>
          <Pagination
            total={page.last_page}
            value={page.current_page}
            onChange={(value) => onSearchChange({ ...search, page: value })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}

      <NewApplicationDialog opened={newOpen} onClose={() => setNewOpen(false)} onCreated={onCreated} />
    </Stack>
  );
}
