/**
 * The frame of the /dashboard/portal-settings sub-pages: gate (admins and super-admins), title,
 * back link, the super-admin's company choice, and the settings query's loading and error states.
 */
import { Anchor, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { canManageCompanies } from '../api/admin-roles.ts';
import { useCompaniesList } from '../api/companies-api.ts';
import type { PortalSettings } from '../api/portal-settings-api.ts';
import { usePortalSettings } from '../api/portal-settings-api.ts';
import { setSettingsCompanyId, useSettingsCompanyId } from '../api/settings-company-store.ts';
import { AdminAccessGate } from './admin-access-gate.tsx';

/** Props: page title and subtitle, and the page body given the loaded settings. */
export interface SettingsPageFrameProps {
  title: string;
  subtitle: string;
  children: (settings: PortalSettings, companyId: number | null) => ReactNode;
}

/** Super-admins choose whose settings they edit (empty = their own company). */
export function SettingsCompanyPicker() {
  const companyId = useSettingsCompanyId();
  const companies = useCompaniesList();
  return (
    <NativeSelect
      aria-label="Company"
      value={companyId ? String(companyId) : ''}
      onChange={(e) => setSettingsCompanyId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      data={[
        { value: '', label: 'My company' },
        ...(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
      ]}
      disabled={companies.isPending}
    />
  );
}

function Frame({ title, subtitle, children }: SettingsPageFrameProps) {
  const superAdmin = canManageCompanies(useAuth().user?.role);
  const companyId = useSettingsCompanyId();
  const effectiveCompanyId = superAdmin ? companyId : null;
  const query = usePortalSettings(effectiveCompanyId);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/dashboard/portal-settings" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          Portal settings
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        </div>
        {superAdmin ? <SettingsCompanyPicker /> : null}
      </Group>
      {query.isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading settings">
          <Skeleton height={120} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      ) : query.isError ? (
        <LoadError title="Could not load the settings" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        children(query.data, effectiveCompanyId)
      )}
    </Stack>
  );
}

/** The gated frame. */
export function SettingsPageFrame(props: SettingsPageFrameProps) {
  return (
    <AdminAccessGate>
      <Frame {...props} />
    </AdminAccessGate>
  );
}
