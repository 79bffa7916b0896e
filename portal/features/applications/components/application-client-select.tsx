/**
 * The client of an application (issue 16 customer portal): the agent names which of the customers
 * assigned to them this application is for, and that customer then sees it and its quotes on their
 * dashboard. Shows nothing when no customer is assigned to the application's agent.
 */
import { Select } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { showToast } from '../../../lib/toast.ts';
import { useApplicationClients, useSetApplicationClient } from '../api/application-clients.ts';

const NO_CLIENT = 'none';

/** Select of the application's client among the agent's customers. */
export function ApplicationClientSelect({ applicationId }: { applicationId: number }) {
  const query = useApplicationClients(applicationId);
  const mutation = useSetApplicationClient(applicationId);
  const data = query.data;
  if (!data || (data.customers.length === 0 && data.client_user_id === null)) return null;

  return (
    <Select
      label="Client (sees this application in the customer portal)"
      leftSection={<IconUser size={16} aria-hidden />}
      maw={420}
      allowDeselect={false}
      disabled={mutation.isPending}
      value={data.client_user_id === null ? NO_CLIENT : String(data.client_user_id)}
      data={[
        { value: NO_CLIENT, label: 'No client' },
        ...data.customers.map((customer) => ({
          value: String(customer.id),
          label: `${customer.name} (${customer.email})`,
        })),
      ]}
      onChange={(value) => {
        const clientUserId = value && value !== NO_CLIENT ? Number(value) : null;
        mutation.mutate(clientUserId, {
          onSuccess: () =>
            showToast(
              'success',
              'Client saved',
              clientUserId === null
                ? 'No customer sees this application now.'
                : 'The customer now sees this application and its quotes.',
            ),
        });
      }}
    />
  );
}
