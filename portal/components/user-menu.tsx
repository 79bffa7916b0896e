/** Header user menu: who is signed in, and logout. SPEC §2 Shell, §4 Logout. */
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconCreditCard,
  IconLogout,
  IconUserCircle,
  IconUserShare,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../lib/auth-store.ts';

/** The "Switch back to <name>" item while acting as another user. SPEC §3 previous_user_data. */
export interface SwitchBackAction {
  label: string;
  onSwitchBack: () => void;
}

/** Props: what logout does (the route layer revokes the session and navigates), and switching back. */
export interface UserMenuProps {
  onLogout: () => void;
  switchBack?: SwitchBackAction | null;
}

/** Avatar button with the user's name, company, Profile, Plans, switch back (when acting) and Logout. */
export function UserMenu({ onLogout, switchBack }: UserMenuProps) {
  const { user } = useAuth();
  const name = user?.name ?? 'Signed in';
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={`User menu for ${name}`} style={{ borderRadius: 8, padding: 4 }}>
          <Group gap="xs" wrap="nowrap">
            {/* Mantine's person placeholder, not initials: visible text must be part of the button's name. */}
            <Avatar color="green" radius="xl" size="sm" aria-hidden />
            <Text size="sm" fw={500} visibleFrom="sm" truncate maw={160}>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A long e-mail wraps inside the menu rather than running past its edge. */}
        <Menu.Label style={{ overflowWrap: 'anywhere' }}>
          {user?.email ?? ''}
          {user?.mga_company?.name ? ` · ${user.mga_company.name}` : ''}
        </Menu.Label>
        <Menu.Item component={Link} to="/dashboard/profile" leftSection={<IconUserCircle size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/dashboard/plans" leftSection={<IconCreditCard size={16} />}>
          Plans
        </Menu.Item>
        {switchBack && (
          <Menu.Item
            color="grape"
            leftSection={<IconUserShare size={16} />}
            onClick={switchBack.onSwitchBack}
          >
            {switchBack.label}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
