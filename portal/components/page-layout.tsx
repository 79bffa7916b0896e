/** The "page" layout of SPEC §2: a plain header (product name, sign-in or dashboard link) for open pages. */
import { Anchor, Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAuth } from '../lib/auth-store.ts';
import { ColorModeSwitch } from './color-mode-switch.tsx';
import { PortalBrand } from './portal-brand.tsx';

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
        <PortalBrand />
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
