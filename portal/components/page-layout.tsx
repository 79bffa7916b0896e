/** The "page" layout of SPEC §2: a plain header (product name, sign-in or dashboard link) for open pages. */
import { Anchor, Box, Group, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAuth } from '../lib/auth-store.ts';
import { ColorModeSwitch } from './color-mode-switch.tsx';

/** Header and centred content; signed-in visitors get a link to their dashboard. */
export function PageLayout({ children }: { children: ReactNode }) {
  const { session_key } = useAuth();
  return (
    <Box mih="100vh">
      <Group
        justify="space-between"
        px="md"
        h={60}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap={6}>
          <IconShieldCheck size={26} color="var(--mantine-color-green-filled)" aria-hidden />
          <Text fw={800} size="lg">
            Rocket MGA
          </Text>
        </Group>
        <Group gap="sm">
          <ColorModeSwitch />
          <Anchor href={session_key ? '/dashboard' : '/auth/login'} size="sm">
            {session_key ? 'Dashboard' : 'Sign in'}
          </Anchor>
        </Group>
      </Group>
      <Box p="lg">{children}</Box>
    </Box>
  );
}
