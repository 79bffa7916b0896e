/** /dashboard/portal-settings (SPEC §2): cards linking to the global, E&O and messaging pages. */
import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconCertificate, IconMail, IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { AdminAccessGate } from './admin-access-gate.tsx';

const SECTIONS = [
  {
    to: '/dashboard/portal-settings/global',
    title: 'Global settings',
    text: 'Portal name, time zone, application sources, dynamic banners, widgets and quote rush.',
    Icon: IconSettings,
  },
  {
    to: '/dashboard/portal-settings/eo-details',
    title: 'E&O details',
    text: 'Errors-and-omissions carrier, policy number, limit and expiry.',
    Icon: IconCertificate,
  },
  {
    to: '/dashboard/portal-settings/messaging-console',
    title: 'Messaging console',
    text: 'SMTP, e-mail and SMS templates, short codes, webhook, API credentials and API management.',
    Icon: IconMail,
  },
] as const;

/** The index page, gated to admins and super-admins. */
export function PortalSettingsPage() {
  return (
    <AdminAccessGate>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Portal settings
          </Title>
          <Text c="dimmed" size="sm">
            How the portal works for your agency.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {SECTIONS.map(({ to, title, text, Icon }) => (
            <UnstyledButton key={to} component={Link} to={to}>
              <Card withBorder radius="md" padding="lg" h="100%">
                <ThemeIcon variant="light" size="xl" radius="md" mb="sm">
                  <Icon size={24} aria-hidden />
                </ThemeIcon>
                <Text fw={600}>{title}</Text>
                <Text size="sm" c="dimmed">
                  {text}
                </Text>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>
    </AdminAccessGate>
  );
}
