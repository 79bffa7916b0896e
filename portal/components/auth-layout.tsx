/** The auth layout of SPEC §2: a centred card on a tinted page with the colour mode switch. */
import { Box, Center, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LOADING_BAR_HEIGHT_PX } from '../lib/constants.ts';
import { ColorModeSwitch } from './color-mode-switch.tsx';
import { PortalBrand } from './portal-brand.tsx';
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
        <PortalBrand size="xl" iconPx={32} />
        {children}
      </Center>
    </Box>
  );
}
