/**
 * /dashboard/profile (SPEC §2): the signed-in user's contact details, company and settings, read
 * fresh from auth/me, with the contact update, change password and user settings dialogs.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconKey, IconPencil, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { companyExpiryDays } from '../../../lib/company-expiry-days.ts';
import { useMe } from '../../../lib/me-query.ts';
import { readUserSettings } from '../../../lib/user-settings.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { ContactUpdateDialog } from './contact-update-dialog.tsx';
import { PasskeysCard } from './passkeys-card.tsx';
import { SessionsCard, TwoStepCard } from './sign-in-security-cards.tsx';
import { UserSettingsDialog } from './user-settings-dialog.tsx';

type Dialog = 'contact' | 'password' | 'settings' | null;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <Table.Tr>
      <Table.Th w={180} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{value ?? <Text c="dimmed">Not set</Text>}</Table.Td>
    </Table.Tr>
  );
}

/** The profile page with its loading and error states; empty values read "Not set". */
export function ProfilePage() {
  const query = useMe();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load your profile">
        <Group justify="space-between">
          <Text size="sm">{query.error.message || 'Internet issue or contact IT.'}</Text>
          <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading profile">
        <Skeleton height={36} width={240} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={220} />
          <Skeleton height={220} />
        </SimpleGrid>
      </Stack>
    );
  }

  const { user, company } = query.data;
  const settings = readUserSettings(query.data.user_settings);
  const name = text(user.name) ?? '';
  const email = text(user.email) ?? '';
  const phone = text(user.phone);
  const plan = (company?.plan as { name?: string } | null | undefined)?.name ?? null;
  const expiry = text(user.eo_expiry);
  const expiryDays = companyExpiryDays(expiry);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Profile
          </Title>
          <Text c="dimmed" size="sm">
            Your contact details, password and preferences
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setDialog('contact')}>
            Update contact
          </Button>
          <Button variant="light" leftSection={<IconKey size={16} />} onClick={() => setDialog('password')}>
            Change password
          </Button>
          <Button
            variant="light"
            leftSection={<IconSettings size={16} />}
            onClick={() => setDialog('settings')}
          >
            User settings
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Contact
          </Title>
          <Table aria-label="Contact details">
            <Table.Tbody>
              <Row label="Name" value={name || null} />
              <Row label="Email" value={email || null} />
              <Row label="Phone" value={phone} />
              <Row label="Role" value={text(user.role)} />
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Company
          </Title>
          <Table aria-label="Company details">
            <Table.Tbody>
              <Row label="Company" value={text(company?.name)} />
              <Row label="Plan" value={plan} />
              <Row
                label="E&O expiry"
                value={expiry && expiryDays !== null ? `${expiry} (${expiryDays} days)` : null}
              />
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Settings
          </Title>
          <Table aria-label="User settings">
            <Table.Tbody>
              <Row label="Time zone" value={settings.timezone ?? 'Company default'} />
              <Row label="Email notifications" value={settings.email_notifications ? 'On' : 'Off'} />
              <Row label="SMS notifications" value={settings.sms_notifications ? 'On' : 'Off'} />
              <Row label="Rows per page" value={String(settings.default_per_page)} />
            </Table.Tbody>
          </Table>
        </Card>
        {Array.isArray(user.user_accesses_final) && (
          <Card withBorder radius="md">
            <Title order={2} size="h4" mb="sm">
              Access
            </Title>
            {user.user_accesses_final.length === 0 ? (
              <Text c="dimmed" size="sm">
                No feature access granted yet.
              </Text>
            ) : (
              <Group gap={6}>
                {(user.user_accesses_final as string[]).map((access) => (
                  <Badge key={access} variant="light">
                    {access}
                  </Badge>
                ))}
              </Group>
            )}
          </Card>
        )}
      </SimpleGrid>
      <TwoStepCard />
      <PasskeysCard />
      <SessionsCard />

      <ContactUpdateDialog
        opened={dialog === 'contact'}
        onClose={() => setDialog(null)}
        current={{ name, email, phone }}
      />
      <ChangePasswordDialog opened={dialog === 'password'} onClose={() => setDialog(null)} />
      <UserSettingsDialog opened={dialog === 'settings'} onClose={() => setDialog(null)} current={settings} />
    </Stack>
  );
}
