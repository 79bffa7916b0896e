/**
 * The recent-applications dashboard widget: the newest applications of the caller, with their
 * status and cheapest quote. On a phone the status is never cut off (issue 40, ADR 766): the table
 * keeps reference (the address under it), status and cheapest quote, and drops the address and
 * updated columns rather than scrolling sideways.
 */
import { Anchor, Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatCurrency } from '../../../../../engine/index.ts';
import { ApplicationLink } from '../../../../components/application-link.tsx';
import { useAuth } from '../../../../lib/auth-store.ts';
import { formatWhen } from '../../../../lib/format-when.ts';
import { useWideScreen } from '../../../../lib/use-wide-screen.ts';
import type { DashboardSummary } from '../../api/get-dashboard-summary.ts';
import { WIDGET_TITLES } from '../../widget-titles.ts';

const STATUS_COLORS: Record<string, string> = { new: 'blue', launched: 'orange', completed: 'green' };

/** Props: the summary, undefined while it loads. */
export function RecentApplicationsWidget({ summary }: { summary: DashboardSummary | undefined }) {
  const { user } = useAuth();
  const wide = useWideScreen();
  return (
    <Card withBorder radius="md" padding={0}>
      <Group justify="space-between" p="md">
        <Title order={2} size="h4">
          {WIDGET_TITLES['recent-applications']}
        </Title>
        {user?.role !== 'super-admin' && (
          <Anchor component={Link} to="/agent-portal" size="sm">
            See all
          </Anchor>
        )}
      </Group>
      {!summary ? (
        <Stack p="md" pt={0} gap="xs">
          {['s1', 's2', 's3', 's4'].map((key) => (
            <Skeleton key={key} height={24} />
          ))}
        </Stack>
      ) : summary.recent.length === 0 ? (
        <Stack align="center" p="xl" gap="xs">
          <Text fw={600}>No applications yet</Text>
          <Text size="sm" c="dimmed">
            Start one from the applications page.
          </Text>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={wide ? 600 : 0}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            aria-label="Recent applications"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                {wide && <Table.Th>Address</Table.Th>}
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Cheapest quote</Table.Th>
                {wide && <Table.Th>Updated</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.recent.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <ApplicationLink applicationId={row.id} fw={600} size="sm">
                      {row.application_id}
                    </ApplicationLink>
                    {!wide && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {row.searched_address || '—'}
                      </Text>
                    )}
                  </Table.Td>
                  {wide && (
                    <Table.Td>
                      <Text size="sm" lineClamp={1}>
                        {row.searched_address || '—'}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Badge color={STATUS_COLORS[row.status] ?? 'gray'} variant="light" radius="sm">
                      {row.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">
                      {row.min_quote_amount === null ? '—' : formatCurrency(row.min_quote_amount)}
                    </Text>
                  </Table.Td>
                  {wide && (
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {formatWhen(row.updated_at, 'MMM D, h:mm A')}
                      </Text>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
