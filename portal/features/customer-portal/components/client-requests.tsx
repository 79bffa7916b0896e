/**
 * The customer's requests on one application (issue 16, docs/decisions/401-customer-request-history.md):
 * each "contact my agent" / "I want this quote" with its words and date, "Waiting for <agent>"
 * until the agent handles it, then "Answered". Nothing when the customer has asked nothing.
 */
import { Badge, Group, List, Text, Title } from '@mantine/core';
import { formatInUserZone } from '../../../lib/format-when.ts';
import type { ClientRequest } from '../api/get-my-applications.ts';

/** Props: the requests (oldest first) and the agent's name. */
export interface ClientRequestsProps {
  requests: ClientRequest[];
  agentName: string;
}

/** The list of requests, newest first. */
export function ClientRequests({ requests, agentName }: ClientRequestsProps) {
  if (requests.length === 0) return null;
  return (
    <section aria-label="Your requests">
      <Title order={3} size="h5" mb="xs">
        Your requests
      </Title>
      <List spacing="xs" listStyleType="none">
        {[...requests].reverse().map((request) => (
          <List.Item key={request.id}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge variant="light" color={request.open ? 'yellow' : 'teal'} style={{ flexShrink: 0 }}>
                {request.open ? `Waiting for ${agentName}` : 'Answered'}
              </Badge>
              <div>
                <Text size="sm">{request.message}</Text>
                <Text size="xs" c="dimmed">
                  {request.kind === 'quote_wanted' ? 'I want this quote' : 'Contact my agent'} ·{' '}
                  {formatInUserZone(request.created_at, 'MMM D, YYYY h:mm A')}
                </Text>
              </div>
            </Group>
          </List.Item>
        ))}
      </List>
    </section>
  );
}
