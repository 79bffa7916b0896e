/**
 * The Users tab of /dashboard/mga-management: the users (super-admin: every company or one;
 * admin: own company) with a role filter, and the user dialogs of SPEC §2 plus "Act as" and
 * "Reset two-step sign-in" (ADR 755).
 */
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  NativeSelect,
  SegmentedControl,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconPlus, IconSearch, IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSwitchUser } from '../../auth/api/switch-user.ts';
import { canManageCompanies, ROLE_LABELS, type Role } from '../api/admin-roles.ts';
import { useCompaniesList } from '../api/companies-api.ts';
import type { UserRecord } from '../api/users-api.ts';
import { useUsersList } from '../api/users-api.ts';
import { AssignAgentDialog } from './assign-agent-dialog.tsx';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { EmptyState } from './empty-state.tsx';
import { ResetMfaDialog } from './reset-mfa-dialog.tsx';
import { TableSkeleton } from './table-skeleton.tsx';
import { UserDetailsDialog } from './user-details-dialog.tsx';
import { UserManagementDialog } from './user-management-dialog.tsx';

type OpenDialog = {
  kind: 'edit' | 'details' | 'delete' | 'assign' | 'reset-mfa';
  user: UserRecord | null;
} | null;

const ROLE_COLORS: Record<Role, string> = {
  'super-admin': 'grape',
  admin: 'blue',
  agent: 'green',
  customer: 'orange',
};

/**
 * True when the signed-in user (`viewer`) may act as, delete or reset the two-step sign-in of
 * `target`: never themselves, and an admin never a super-admin. SPEC §6; the server checks the
 * same (auth/switch-user, users/delete, users/reset-mfa).
 */
export function canActOn(viewer: { id?: number; role?: string } | null, target: UserRecord): boolean {
  if (!viewer || viewer.id === target.id) return false;
  if (viewer.role === 'super-admin') return true;
  return viewer.role === 'admin' && target.role !== 'super-admin';
}

/** Users table with role (and, for super-admins, company) filters and the user dialogs. */
export function UsersTab() {
  const viewer = useAuth().user;
  const superAdmin = canManageCompanies(viewer?.role);
  const [role, setRole] = useState<string>('');
  const [companyId, setCompanyId] = useState<string>('');
  const [search, setSearch] = useState('');
  // One call per pause in typing, not per keystroke.
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const filter = {
    role: (role || null) as Role | null,
    company_id: companyId ? Number(companyId) : null,
    search: debouncedSearch,
  };
  const query = useUsersList(filter);
  const companies = useCompaniesList(superAdmin);
  const all = useUsersList({ company_id: filter.company_id });
  const switchUser = useSwitchUser();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [actingAs, setActingAs] = useState<number | null>(null);
  const open = (kind: NonNullable<OpenDialog>['kind'], user: UserRecord | null) => setDialog({ kind, user });
  const close = () => setDialog(null);

  const agentNames = new Map<number, string>();
  for (const user of all.data ?? []) if (user.agent) agentNames.set(user.agent.id, user.name);

  const roleFilters = [
    { value: '', label: 'All' },
    ...(superAdmin ? [{ value: 'super-admin', label: ROLE_LABELS['super-admin'] }] : []),
    { value: 'admin', label: 'Admins' },
    { value: 'agent', label: 'Agents' },
    { value: 'customer', label: 'Customers' },
  ];

  async function actAs(user: UserRecord) {
    setActingAs(user.id);
    try {
      await switchUser(user.id);
    } catch (error) {
      // The API client already toasted a server refusal; a refusal made in the browser (code 0,
      // e.g. already acting as someone) or a network failure is shown here.
      if (!(error instanceof ApiRequestError) || error.envelope.code === 0)
        showToast('warning', 'Message', (error as Error)?.message || 'Internet issue or contact IT.');
    } finally {
      setActingAs(null);
    }
  }

  return (
    <Card withBorder radius="md" padding={0}>
      <Group justify="space-between" p="md" gap="sm">
        <Group gap="sm">
          <SegmentedControl aria-label="Role filter" value={role} onChange={setRole} data={roleFilters} />
          <TextInput
            aria-label="Search users"
            placeholder="Search name or email"
            leftSection={<IconSearch size={14} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          {superAdmin ? (
            <NativeSelect
              aria-label="Company filter"
              value={companyId}
              onChange={(e) => setCompanyId(e.currentTarget.value)}
              data={[
                { value: '', label: 'All companies' },
                ...(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
              ]}
            />
          ) : null}
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => open('edit', null)}>
          New user
        </Button>
      </Group>
      {query.isPending ? (
        <TableSkeleton label="Loading users" />
      ) : query.isError ? (
        <LoadError title="Could not load the users" error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState
          title={
            debouncedSearch.trim()
              ? 'No users match the search'
              : role
                ? 'No users with this role'
                : 'No users yet'
          }
          hint="Create an admin, agent or customer with New user."
        />
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                {superAdmin ? <Table.Th>Company</Table.Th> : null}
                <Table.Th>Licensed states / agent</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((user) => {
                const mayAct = canActOn(viewer, user);
                return (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {user.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{user.email}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={ROLE_COLORS[user.role] ?? 'gray'}
                        radius="sm"
                        // A long name or e-mail must not squeeze the role into an ellipsis.
                        style={{ minWidth: 'max-content' }}
                      >
                        {ROLE_LABELS[user.role] ?? user.role}
                      </Badge>
                    </Table.Td>
                    {superAdmin ? (
                      <Table.Td>
                        <Text size="sm">{user.company?.name ?? '—'}</Text>
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <Text size="sm" c="dimmed" lineClamp={1}>
                        {user.role === 'agent'
                          ? user.agent?.licensed_states.join(', ') || 'No licensed states'
                          : user.role === 'customer'
                            ? user.assigned_agent_id
                              ? (agentNames.get(user.assigned_agent_id) ?? `Agent #${user.assigned_agent_id}`)
                              : 'No agent'
                            : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {mayAct ? (
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconUserShare size={14} />}
                            loading={actingAs === user.id}
                            onClick={() => actAs(user)}
                            aria-label={`Act as ${user.name}`}
                          >
                            Act as
                          </Button>
                        ) : null}
                        <Menu position="bottom-end" withArrow shadow="md">
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.name}`}>
                              <IconDots size={16} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => open('details', user)}>Details</Menu.Item>
                            <Menu.Item onClick={() => open('edit', user)}>Edit</Menu.Item>
                            {user.role === 'customer' ? (
                              <Menu.Item onClick={() => open('assign', user)}>Assign agent</Menu.Item>
                            ) : null}
                            {mayAct ? (
                              <Menu.Item onClick={() => open('reset-mfa', user)}>
                                Reset two-step sign-in
                              </Menu.Item>
                            ) : null}
                            {mayAct ? (
                              <Menu.Item color="red" onClick={() => open('delete', user)}>
                                Delete
                              </Menu.Item>
                            ) : null}
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <UserManagementDialog
        opened={dialog?.kind === 'edit'}
        user={dialog?.kind === 'edit' ? dialog.user : null}
        currentUserId={viewer?.id ?? null}
        companies={superAdmin ? (companies.data ?? []) : null}
        defaultCompanyId={filter.company_id}
        onClose={close}
      />
      <UserDetailsDialog
        opened={dialog?.kind === 'details'}
        user={dialog?.user ?? null}
        assignedAgentName={
          dialog?.user?.assigned_agent_id ? (agentNames.get(dialog.user.assigned_agent_id) ?? null) : null
        }
        canDelete={dialog?.user ? canActOn(viewer, dialog.user) : false}
        onEdit={() => setDialog((prev) => (prev ? { kind: 'edit', user: prev.user } : null))}
        onDelete={() => setDialog((prev) => (prev ? { kind: 'delete', user: prev.user } : null))}
        onClose={close}
      />
      <DeleteUserDialog opened={dialog?.kind === 'delete'} user={dialog?.user ?? null} onClose={close} />
      <ResetMfaDialog opened={dialog?.kind === 'reset-mfa'} user={dialog?.user ?? null} onClose={close} />
      <AssignAgentDialog
        opened={dialog?.kind === 'assign'}
        customer={dialog?.kind === 'assign' ? dialog.user : null}
        byCompany={superAdmin}
        onClose={close}
      />
    </Card>
  );
}
