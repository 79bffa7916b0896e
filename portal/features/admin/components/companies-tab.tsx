/**
 * The Companies tab of /dashboard/mga-management (super-admin): every company with its plan,
 * access state, approved states and users, and the company dialogs of SPEC §2.
 */
import { ActionIcon, Avatar, Badge, Button, Card, Group, Menu, Table, Text, Tooltip } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { serverUrl } from '../../../lib/api-base.ts';
import type { CompanyRecord } from '../api/companies-api.ts';
import { useCompaniesList } from '../api/companies-api.ts';
import { ApprovedStatesDialog } from './approved-states-dialog.tsx';
import { CompanyDialog } from './company-dialog.tsx';
import { CompanyLogoDialog } from './company-logo-dialog.tsx';
import { EmptyState } from './empty-state.tsx';
import { PlanChangeDialog } from './plan-change-dialog.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

type OpenDialog = { kind: 'company' | 'plan' | 'states' | 'logo'; company: CompanyRecord | null } | null;

/** Access badge of a company: subscription, active trial, trial disabled, or expired. SPEC §6. */
export function companyAccess(company: CompanyRecord): { label: string; color: string } {
  if (company.has_active_subscription) return { label: 'Subscribed', color: 'green' };
  if (company.is_trial_disabled) return { label: 'Trial disabled', color: 'gray' };
  if (company.is_trial_active)
    return { label: `Trial: ${company.trial_remaining_days ?? 0} days left`, color: 'blue' };
  return { label: 'No access', color: 'red' };
}

/** Companies table with create, update, plan change, approved states and logo dialogs. */
export function CompaniesTab() {
  const query = useCompaniesList();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const open = (kind: NonNullable<OpenDialog>['kind'], company: CompanyRecord | null) =>
    setDialog({ kind, company });

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => open('company', null)}>
      New company
    </Button>
  );

  return (
    <Card withBorder radius="md" padding={0}>
      <Group justify="space-between" p="md">
        <Text fw={600}>Companies</Text>
        {newButton}
      </Group>
      {query.isPending ? (
        <TableSkeleton label="Loading companies" />
      ) : query.isError ? (
        <LoadError title="Could not load the companies" error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title="No companies yet" hint="Create the first agency to give it users." />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Companies">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Company</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Access</Table.Th>
                <Table.Th>Approved states</Table.Th>
                <Table.Th ta="right">Users</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((company) => {
                const access = companyAccess(company);
                return (
                  <Table.Tr key={company.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar
                          src={company.logo_url ? serverUrl(company.logo_url) : null}
                          radius="sm"
                          size="sm"
                          color="green"
                        >
                          {company.name.slice(0, 1).toUpperCase()}
                        </Avatar>
                        <Text size="sm" fw={500}>
                          {company.name}
                        </Text>
                        {company.is_testing_company ? (
                          <Badge size="xs" variant="outline" color="grape">
                            Testing
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{company.plan?.name ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={access.color} radius="sm">
                        {access.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip
                        label={company.approved_states.join(', ') || 'None'}
                        multiline
                        maw={320}
                        withArrow
                      >
                        <Text size="sm">
                          {company.approved_states.length === 0
                            ? 'None'
                            : `${company.approved_states.length} ${company.approved_states.length === 1 ? 'state' : 'states'}`}
                        </Text>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{company.user_count}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withArrow shadow="md">
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Actions for ${company.name}`}
                          >
                            <IconDots size={16} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => open('company', company)}>Edit company</Menu.Item>
                          <Menu.Item onClick={() => open('plan', company)}>Change plan</Menu.Item>
                          <Menu.Item onClick={() => open('states', company)}>Approved states</Menu.Item>
                          <Menu.Item onClick={() => open('logo', company)}>Company logo</Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CompanyDialog opened={dialog?.kind === 'company'} company={dialog?.company ?? null} onClose={close} />
      <PlanChangeDialog opened={dialog?.kind === 'plan'} company={dialog?.company ?? null} onClose={close} />
      <ApprovedStatesDialog
        opened={dialog?.kind === 'states'}
        company={dialog?.company ?? null}
        onClose={close}
      />
      <CompanyLogoDialog opened={dialog?.kind === 'logo'} company={dialog?.company ?? null} onClose={close} />
    </Card>
  );
}
