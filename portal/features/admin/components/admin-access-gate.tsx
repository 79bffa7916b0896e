/**
 * The per-role gate of the administration pages (SPEC §6): admins and super-admins see the page,
 * everyone else a 'You do not have access to this page.' state. The server refuses the calls too.
 */
import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAuth } from '../../../lib/auth-store.ts';
import { canAdminister, canManageCompanies } from '../api/admin-roles.ts';

/** The text of the no-access state. */
export const NO_ACCESS_MESSAGE = 'You do not have access to this page.';

/** Props: who may see the children (`admin`: admins and super-admins; `super-admin`: only them). */
export interface AdminAccessGateProps {
  allow?: 'admin' | 'super-admin';
  children: ReactNode;
}

/** The no-access state on its own, for pages that gate part of their content. */
export function NoAccess() {
  return (
    <Center mih="50vh" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconLock size={28} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h3">
          Access denied
        </Title>
        <Text c="dimmed" role="alert">
          {NO_ACCESS_MESSAGE}
        </Text>
      </Stack>
    </Center>
  );
}

/** Renders `children` for the allowed roles, the no-access state for the others. */
export function AdminAccessGate({ allow = 'admin', children }: AdminAccessGateProps) {
  const role = useAuth().user?.role;
  const allowed = allow === 'super-admin' ? canManageCompanies(role) : canAdminister(role);
  return allowed ? children : <NoAccess />;
}
