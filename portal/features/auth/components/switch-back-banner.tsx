/** The banner shown while an admin acts as another user: who, and "Switch back to <name>". SPEC §3, §4. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth-store.ts';
import { readPreviousUserData, useSwitchBack } from '../api/switch-user.ts';

/** "Switch back to <name>" label of the banner and the user menu item. */
export function switchBackLabel(name: string | undefined): string {
  return `Switch back to ${name?.trim() || 'your account'}`;
}

/** Banner with the acting user's name and the switch-back button; nothing when not switched. */
export function SwitchBackBanner() {
  const { user } = useAuth();
  const previous = readPreviousUserData();
  const switchBack = useSwitchBack();
  const [busy, setBusy] = useState(false);
  if (!previous) return null;
  return (
    <Alert
      color="grape"
      icon={<IconUserShare size={18} />}
      mb="md"
      role="status"
      aria-label="Acting as another user"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          You are signed in as <b>{user?.name ?? 'another user'}</b> on behalf of{' '}
          {previous.user.name ?? 'your account'}.
        </Text>
        <Button
          size="xs"
          color="grape"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await switchBack();
            } catch {
              // The API client already showed the server's message.
            } finally {
              setBusy(false);
            }
          }}
        >
          {switchBackLabel(previous.user.name)}
        </Button>
      </Group>
    </Alert>
  );
}
