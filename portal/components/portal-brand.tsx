/**
 * The agency's brand in every layout's header: its logo (company logo, docs/api-accounts.md
 * companies/set-logo) or the product's shield, and its portal name (portal settings global
 * `portal_name`) or the product's. Issue 16 settings that take effect;
 * docs/decisions/203-global-settings-take-effect.md.
 */
import { Group, Image, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { serverUrl } from '../lib/api-base.ts';
import { useAuth } from '../lib/auth-store.ts';
import { PRODUCT_NAME } from '../lib/constants.ts';

/** The portal name of the signed-in user's company, or the product's name. */
export function usePortalName(): string {
  const { user } = useAuth();
  const name = user?.company?.portal_name;
  return typeof name === 'string' && name.trim() ? name.trim() : PRODUCT_NAME;
}

/** Keeps the browser tab's title `<portal name> · <section>` while mounted. */
export function usePortalTitle(section: string): void {
  const name = usePortalName();
  useEffect(() => {
    document.title = `${name} · ${section}`;
  }, [name, section]);
}

/** Props: text size of the name, icon/logo height in px, and when the name is shown (Mantine breakpoint). */
export interface PortalBrandProps {
  size?: 'lg' | 'xl';
  iconPx?: number;
  nameVisibleFrom?: 'xs';
}

/** Logo (or shield) and name side by side. */
export function PortalBrand({ size = 'lg', iconPx = 26, nameVisibleFrom }: PortalBrandProps) {
  const { user } = useAuth();
  const name = usePortalName();
  const logoUrl = user?.company?.logo_url;
  return (
    <Group gap={6} wrap="nowrap">
      {logoUrl ? (
        <Image src={serverUrl(logoUrl)} alt="" h={iconPx} w="auto" fit="contain" />
      ) : (
        <IconShieldCheck size={iconPx} color="var(--mantine-color-green-filled)" aria-hidden />
      )}
      <Text
        fw={800}
        size={size}
        visibleFrom={nameVisibleFrom}
        style={{ letterSpacing: -0.3, whiteSpace: 'nowrap' }}
      >
        {name}
      </Text>
    </Group>
  );
}
