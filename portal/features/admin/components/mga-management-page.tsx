/**
 * /dashboard/mga-management (SPEC §2): super-admins manage companies and every user; admins see
 * only their own company's users; agents and customers the no-access state. SPEC §6.
 */
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuilding, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth-store.ts';
import { canManageCompanies } from '../api/admin-roles.ts';
import { AdminAccessGate } from './admin-access-gate.tsx';
import { CompaniesTab } from './companies-tab.tsx';
import { UsersTab } from './users-tab.tsx';

function MgaManagement() {
  const user = useAuth().user;
  const superAdmin = canManageCompanies(user?.role);
  const [tab, setTab] = useState<string | null>(superAdmin ? 'companies' : 'users');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          MGA management
        </Title>
        <Text c="dimmed" size="sm">
          {superAdmin
            ? 'Agencies, their plans and their users.'
            : `Users of ${user?.mga_company?.name ?? 'your agency'}.`}
        </Text>
      </div>
      {superAdmin ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="companies" leftSection={<IconBuilding size={16} />}>
              Companies
            </Tabs.Tab>
            <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
              Users
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="companies">
            <CompaniesTab />
          </Tabs.Panel>
          <Tabs.Panel value="users">
            <UsersTab />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <UsersTab />
      )}
    </Stack>
  );
}

/** The page, gated to admins and super-admins. */
export function MgaManagementPage() {
  return (
    <AdminAccessGate>
      <MgaManagement />
    </AdminAccessGate>
  );
}
