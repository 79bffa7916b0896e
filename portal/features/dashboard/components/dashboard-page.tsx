/** /dashboard: the agent's applications by status and the most recent ones. SPEC §2. */
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconClockPlay, IconFilePlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatCurrency } from '../../../../engine/index.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { formatWhen } from '../../../lib/format-when.ts';
import { useDashboardSummary } from '../api/get-dashboard-summary.ts';

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

const STATUS_COLORS: Record<string, string> = { new: 'blue', launched: 'orange', completed: 'green' };

/** Dashboard with status counts, recent applications, and loading / error / empty states. */
export function DashboardPage() {
  const { user } = useAuth();
  const query = useDashboardSummary();
  const firstName = (user?.name ?? '').split(' ')[0];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {firstName ? `Welcome back, ${firstName}` : 'Dashboard'}
          </Title>
          <Text c="dimmed" size="sm">
            {user?.mga_company?.name ?? 'Your applications at a glance'}
          </Text>
        </div>
        {/* The listing is agent-only: super-admins are redirected from it (ADR 090). */}
        {user?.role !== 'super-admin' && (
          <Button component={Link} to="/agent-portal">
            View all applications
          </Button>
        )}
      </Group>

      {query.isError ? (
        <LoadError title="Could not load the dashboard" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {STATUS_CARDS.map(({ key, label, hint, color, Icon }) => (
              <Card key={key} withBorder radius="md" padding="lg">
                <Group justify="space-between" align="flex-start">
                  <div>
                    <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                      {label}
                    </Text>
                    {query.data ? (
                      <Text fz={36} fw={800} lh={1.1} aria-label={`${label} applications`}>
                        {query.data.status_counts[key]}
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

          <Card withBorder radius="md" padding={0}>
            <Group justify="space-between" p="md">
              <Title order={2} size="h4">
                Recent applications
              </Title>
              {user?.role !== 'super-admin' && (
                <Anchor component={Link} to="/agent-portal" size="sm">
                  See all
                </Anchor>
              )}
            </Group>
            {query.isPending ? (
              <Stack p="md" pt={0} gap="xs">
                {['s1', 's2', 's3', 's4'].map((key) => (
                  <Skeleton key={key} height={24} />
                ))}
              </Stack>
            ) : query.data.recent.length === 0 ? (
              <Stack align="center" p="xl" gap="xs">
                <Text fw={600}>No applications yet</Text>
                <Text size="sm" c="dimmed">
                  Start one from the applications page.
                </Text>
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={600}>
                <Table
                  verticalSpacing="sm"
                  horizontalSpacing="md"
                  highlightOnHover
                  aria-label="Recent applications"
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Reference</Table.Th>
                      <Table.Th>Address</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th ta="right">Cheapest quote</Table.Th>
                      <Table.Th>Updated</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {query.data.recent.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>
                          <Anchor
                            renderRoot={(props) => (
                              <Link
                                to="/agent-portal/application-details/$application_id"
                                params={{ application_id: String(row.id) }}
                                {...props}
                              />
                            )}
                            fw={600}
                            size="sm"
                          >
                            {row.application_id}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" lineClamp={1}>
                            {row.searched_address || '—'}
                          </Text>
                        </Table.Td>
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
                        <Table.Td>
                          <Text size="sm" c="dimmed">
                            {formatWhen(row.updated_at, 'MMM D, h:mm A')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
