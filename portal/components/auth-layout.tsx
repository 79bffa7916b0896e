/** The auth layout of SPEC §2: a centred card on a tinted page with the colour mode switch. */
import { Box, Center, Group, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LOADING_BAR_HEIGHT_PX } from '../lib/constants.ts';
import { ColorModeSwitch } from './color-mode-switch.tsx';
import { ShellLoadingBar } from './shell-loading-bar.tsx';

/** Centres `children` under the product name. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))">
      <ShellLoadingBar size={LOADING_BAR_HEIGHT_PX} />
      <Group justify="flex-end" p="md">
        <ColorModeSwitch />
      </Group>
      <Center px="md" pb="xl" style={{ flexDirection: 'column', gap: 24 }}>
        <Group gap={8}>
          <IconShieldCheck size={32} color="var(--mantine-color-green-filled)" aria-hidden />
          <Text fw={800} size="xl">
            Rocket MGA
          </Text>
        </Group>
        {children}
      </Center>
    </Box>
  );
}
