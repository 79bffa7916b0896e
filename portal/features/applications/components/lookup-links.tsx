/**
 * External look-up links of an application (SPEC §2 Application details page): a maps service,
 * a real estate listing site, a flood map service, a commercial listing site, a people search
 * (name plus city/state/zip) and a flood risk site (the address is copied first).
 */
import { Button, Group, Tooltip } from '@mantine/core';
import {
  IconBuildingSkyscraper,
  IconDroplet,
  IconHome,
  IconMap,
  IconMapPin,
  IconUserSearch,
} from '@tabler/icons-react';

/** Address parts the links need. */
export interface LookupAddress {
  address: string;
  city: string;
  state: string;
  zip: string;
  name: string;
}

/** One look-up link; `copyFirst` copies the address to the clipboard before opening. */
export interface LookupLink {
  id: string;
  label: string;
  href: string;
  copyFirst?: boolean;
}

const q = encodeURIComponent;

/** The six look-up links for an address, in the order of SPEC §2. */
export function lookupLinks(a: LookupAddress): LookupLink[] {
  const cityStateZip = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    {
      id: 'maps',
      label: 'Google Maps',
      href: `https://www.google.com/maps/search/?api=1&query=${q(a.address)}`,
    },
    { id: 'real-estate', label: 'Zillow', href: `https://www.zillow.com/homes/${q(a.address)}_rb/` },
    {
      id: 'flood-map',
      label: 'FEMA flood map',
      href: `https://msc.fema.gov/portal/search?AddressQuery=${q(a.address)}`,
    },
    {
      id: 'commercial',
      label: 'LoopNet',
      href: `https://www.google.com/search?q=${q(`site:loopnet.com ${a.address}`)}`,
    },
    {
      id: 'people',
      label: 'People search',
      href: `https://www.truepeoplesearch.com/results?name=${q(a.name)}&citystatezip=${q(cityStateZip)}`,
    },
    { id: 'flood-risk', label: 'Flood risk', href: 'https://riskfactor.com/', copyFirst: true },
  ];
}

const ICONS: Record<string, typeof IconMap> = {
  maps: IconMapPin,
  'real-estate': IconHome,
  'flood-map': IconMap,
  commercial: IconBuildingSkyscraper,
  people: IconUserSearch,
  'flood-risk': IconDroplet,
};

/** Buttons opening each look-up in a new tab; the flood risk one copies the address first. */
export function LookupLinks({ address }: { address: LookupAddress }) {
  async function openAfterCopy(link: LookupLink) {
    try {
      await navigator.clipboard?.writeText(address.address);
    } catch {
      // Clipboard refused (permissions): still open the site; the agent can type the address.
    }
    window.open(link.href, '_blank', 'noopener,noreferrer');
  }

  return (
    <Group gap="xs">
      {lookupLinks(address).map((link) => {
        const Icon = ICONS[link.id];
        return link.copyFirst ? (
          <Tooltip key={link.id} label="Copies the address, then opens the site" withArrow>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<Icon size={14} />}
              onClick={() => openAfterCopy(link)}
            >
              {link.label}
            </Button>
          </Tooltip>
        ) : (
          <Button
            key={link.id}
            size="compact-sm"
            variant="default"
            component="a"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<Icon size={14} />}
            disabled={!address.address}
          >
            {link.label}
          </Button>
        );
      })}
    </Group>
  );
}
