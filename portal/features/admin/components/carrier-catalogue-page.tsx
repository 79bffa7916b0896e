/**
 * /dashboard/carrier-catalogue (issue 43, docs/decisions/772-carrier-catalogue-versions.md): the
 * carriers and live connections every server quotes with, as versions. Shows each connection's
 * health (last success, error rate over the window, companies whose credentials the carrier
 * refused, in a connection test or a live quote: ADR 773), the carriers of the latest version
 * (how each quotes, what and in how many states),
 * the version history with who published each and when, and the draft editor (check, test the changed connections, publish). Super-admins only;
 * everyone else gets the no-access state, and the server answers them 403.
 */
import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CarriersFile } from '../../../../carrier-catalog/carriers-file-types.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { formatInUserZone } from '../../../lib/format-when.ts';
import {
  type CarrierCatalogue,
  type ConnectionHealth,
  useCarrierCatalogue,
} from '../api/carrier-catalogue-api.ts';
import { AdminAccessGate } from './admin-access-gate.tsx';
import { CatalogueDraftEditor } from './catalogue-draft-editor.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

const WHEN = 'MMM D, YYYY h:mm A';

/** The error rate as a percentage with what it counts, or that nothing was answered. */
function errorRateText(connection: ConnectionHealth): string {
  if (connection.error_rate === null) return 'No live quotes';
  const percent = Math.round(connection.error_rate * 1000) / 10;
  return `${percent}% of ${connection.answered}`;
}

/**
 * Where and when a company's credentials were refused, in plain words: "refused in a live quote on
 * <date>" or "refused by a connection test on <date>" (ADR 773).
 */
function refusalText(refusal: ConnectionHealth['refused_credentials'][number]): string {
  const when = formatInUserZone(refusal.at, WHEN);
  return refusal.source === 'quote'
    ? `refused in a live quote on ${when}`
    : `refused by a connection test on ${when}`;
}

function ConnectionsTable({ catalogue }: { catalogue: CarrierCatalogue }) {
  if (catalogue.connections.length === 0) {
    return (
      <Text c="dimmed" size="sm" p="md">
        Version {catalogue.version} has no live connection.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Connections and their health">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Connection</Table.Th>
            <Table.Th>Quotes for</Table.Th>
            <Table.Th>Last success</Table.Th>
            <Table.Th>Error rate ({catalogue.window_days} days)</Table.Th>
            <Table.Th>Credentials refused</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {catalogue.connections.map((connection) => (
            <Table.Tr key={connection.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {connection.label}
                </Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {connection.id} · {connection.endpoint}
                </Text>
              </Table.Td>
              <Table.Td>{connection.carriers.join(', ') || '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {connection.last_success ? formatInUserZone(connection.last_success, WHEN) : 'None'}
              </Table.Td>
              <Table.Td>
                <Badge
                  color={connection.errors > 0 ? 'red' : 'gray'}
                  variant="light"
                  style={{ textTransform: 'none' }}
                >
                  {errorRateText(connection)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {connection.refused_credentials.length === 0
                  ? 'None'
                  : connection.refused_credentials.map((refusal) => (
                      <Text size="sm" key={refusal.company_id}>
                        {refusal.company_name}, {refusalText(refusal)}
                      </Text>
                    ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The families of the latest version: how each quotes (its connector, a live connection), what and where. */
function CarriersTable({ catalogue }: { catalogue: CarrierCatalogue }) {
  const file = catalogue.catalogue as unknown as CarriersFile;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Carriers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Carrier</Table.Th>
            <Table.Th>Quoted by</Table.Th>
            <Table.Th>Products</Table.Th>
            <Table.Th>States</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {file.carriers.map((carrier) => (
            <Table.Tr key={carrier.name}>
              <Table.Td>
                {carrier.displayName}
                {carrier.subCarriers.length > 0 ? (
                  <Text size="xs" c="dimmed">
                    {carrier.subCarriers.map((sub) => sub.displayName).join(', ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {carrier.connector}
                {carrier.live_connection ? ` or ${carrier.live_connection} (live)` : ''}
              </Table.Td>
              <Table.Td>{carrier.quote_types.join(', ')}</Table.Td>
              <Table.Td>{carrier.states.length}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function VersionsTable({ catalogue }: { catalogue: CarrierCatalogue }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Catalogue versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Version</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th>Published by</Table.Th>
            <Table.Th>Published</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {catalogue.versions.map((version) => (
            <Table.Tr key={version.version}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {version.version}
                  {version.version === catalogue.version ? (
                    <Badge color="teal" variant="light">
                      In use
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{version.note || '—'}</Table.Td>
              <Table.Td>{version.created_by_name ?? 'The first start'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatInUserZone(version.published_at, WHEN)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CarrierCatalogueContent() {
  const query = useCarrierCatalogue();
  const catalogue = query.data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Carrier catalogue
        </Title>
        <Text c="dimmed" size="sm">
          The carriers and live connections every server quotes with
          {catalogue ? ` (version ${catalogue.version})` : ''}. A published version is in use at once, without
          a restart.
        </Text>
      </div>
      {query.isError ? (
        <LoadError
          title="Could not load the carrier catalogue"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : !catalogue ? (
        <TableSkeleton label="Loading the carrier catalogue" rows={6} />
      ) : (
        <>
          <TitledCard title="Connections">
            <ConnectionsTable catalogue={catalogue} />
          </TitledCard>
          <TitledCard title="Carriers">
            <CarriersTable catalogue={catalogue} />
          </TitledCard>
          <TitledCard title="Versions">
            <VersionsTable catalogue={catalogue} />
          </TitledCard>
          <CatalogueDraftEditor key={catalogue.version} catalogue={catalogue} />
        </>
      )}
    </Stack>
  );
}

/** A bordered card whose table runs to its edges, under an h2 `title`. */
function TitledCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Title order={2} size="h4" p="md" pb={0}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The page, gated to super-admins. */
export function CarrierCataloguePage() {
  return (
    <AdminAccessGate allow="super-admin">
      <CarrierCatalogueContent />
    </AdminAccessGate>
  );
}
