/** Header user menu: who is signed in, and logout. SPEC §2 Shell, §4 Logout. */
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useAuth } from '../lib/auth-store.ts';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?'
  );
}

/** Props: what logout does (the route layer revokes the session and navigates). */
export interface UserMenuProps {
  onLogout: () => void;
}

/** Avatar button with the user's name, company and a Logout item. */
export function UserMenu({ onLogout }: UserMenuProps) {
  const { user } = useAuth();
  const name = user?.name ?? 'Signed in';
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={`User menu for ${name}`} style={{ borderRadius: 8, padding: 4 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="green" radius="xl" size="sm">
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" truncate maw={160}>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {user?.email ?? ''}
          {user?.mga_company?.name ? ` · ${user.mga_company.name}` : ''}
        </Menu.Label>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
