/** The user details dialog of SPEC §2 Dialogs: everything about a user, with edit and delete. */
import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatInUserZone } from '../../../lib/format-when.ts';
import { ROLE_LABELS } from '../api/admin-roles.ts';
import type { UserRecord } from '../api/users-api.ts';

/** Props: open state, the user, the name of their assigned agent, and the actions. */
export interface UserDetailsDialogProps {
  opened: boolean;
  user: UserRecord | null;
  assignedAgentName: string | null;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** Read-only details of `user`. */
export function UserDetailsDialog({
  opened,
  user,
  assignedAgentName,
  canDelete,
  onEdit,
  onDelete,
  onClose,
}: UserDetailsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="User details" size="lg" centered>
      {user ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Detail label="Name">{user.name}</Detail>
            <Detail label="Email">{user.email}</Detail>
            <Detail label="Phone">{user.phone || '—'}</Detail>
            <Detail label="Role">
              <Badge variant="light" radius="sm">
                {ROLE_LABELS[user.role] ?? user.role}
              </Badge>
            </Detail>
            <Detail label="Company">{user.company?.name ?? '—'}</Detail>
            {user.role === 'agent' ? (
              <Detail label="Licensed states">
                {user.agent?.licensed_states.length ? user.agent.licensed_states.join(', ') : 'None'}
              </Detail>
            ) : null}
            {user.role === 'customer' ? (
              <Detail label="Assigned agent">{assignedAgentName ?? 'Not assigned'}</Detail>
            ) : null}
            <Detail label="Created">{formatInUserZone(user.created_at, 'MMM D, YYYY')}</Detail>
            <Detail label="Updated">{formatInUserZone(user.updated_at, 'MMM D, YYYY h:mm A')}</Detail>
          </SimpleGrid>
          <Group justify="space-between">
            {canDelete ? (
              <Button color="red" variant="subtle" onClick={onDelete}>
                Delete user
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button onClick={onEdit}>Edit user</Button>
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
