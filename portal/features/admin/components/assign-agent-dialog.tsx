/**
 * The assign agent to customer dialog of SPEC §2 Dialogs: choose one of the company's agents (or
 * none) for a customer; users/assign-agent with the agent's agents.id.
 */
import { Button, Group, Modal, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import type { UserRecord } from '../api/users-api.ts';
import { assignAgent, useUsersList } from '../api/users-api.ts';

/** Props: open state, the customer, whether to filter agents by company id (super-admins), close. */
export interface AssignAgentDialogProps {
  opened: boolean;
  customer: UserRecord | null;
  byCompany: boolean;
  onClose: () => void;
}

/** Select of the agents of the customer's company, preselected with the current one. */
export function AssignAgentDialog({ opened, customer, byCompany, onClose }: AssignAgentDialogProps) {
  const queryClient = useQueryClient();
  const agents = useUsersList(
    {
      role: 'agent',
      company_id: byCompany ? (customer?.company?.id ?? null) : null,
    },
    opened && customer !== null,
  );
  const [agentId, setAgentId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setAgentId(customer?.assigned_agent_id ? String(customer.assigned_agent_id) : '');
      setError(null);
    }
  }, [opened, customer]);

  async function save() {
    if (!customer) return;
    setBusy(true);
    const envelope = await assignAgent(customer.id, agentId ? Number(agentId) : null);
    setBusy(false);
    if (envelope.status === 'success') {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      showToast('success', 'Saved', envelope.message || 'Agent assigned.');
      onClose();
      return;
    }
    setError(envelope.message || 'The agent could not be assigned.');
  }

  const choices = (agents.data ?? []).filter((user) => user.agent);
  return (
    <Modal opened={opened} onClose={onClose} title="Assign agent to customer" centered>
      <Stack gap="md">
        <Text size="sm">
          Customer: <b>{customer?.name}</b>
        </Text>
        {agents.isPending ? (
          <Skeleton height={36} aria-label="Loading agents" />
        ) : agents.isError ? (
          <Text c="red" size="sm" role="alert">
            {agents.error.message || 'Could not load the agents.'}
          </Text>
        ) : choices.length === 0 ? (
          <Text c="dimmed" size="sm">
            This company has no agents yet. Create an agent first.
          </Text>
        ) : (
          <NativeSelect
            label="Agent"
            value={agentId}
            onChange={(e) => setAgentId(e.currentTarget.value)}
            data={[
              { value: '', label: 'No agent' },
              ...choices.map((user) => ({
                value: String(user.agent?.id),
                label: `${user.name} (${user.email})`,
              })),
            ]}
          />
        )}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy} disabled={agents.isPending || agents.isError}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
