/**
 * One of the customer's applications (issue 16): the property, its status, the agent working it
 * with their e-mail and phone, and its quotes read-only; each quoted premium offers "I want this
 * quote" until it expires, the card "Contact my agent" and the customer's earlier requests with
 * whether the agent has handled them (docs/decisions/400 and 401).
 */
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { ExpiredBadge } from '../../../components/expired-badge.tsx';
import type { ClientApplication, ClientQuote } from '../api/get-my-applications.ts';
import { ClientRequests } from './client-requests.tsx';
import type { ContactRequest } from './contact-agent-dialog.tsx';

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const STATUS_COLORS: Record<ClientApplication['status'], string> = {
  new: 'blue',
  launched: 'orange',
  completed: 'green',
};

/** What the customer reads for each application status. */
const STATUS_TEXT: Record<ClientApplication['status'], string> = {
  new: 'Being prepared',
  launched: 'Quotes requested',
  completed: 'Quotes ready',
};

/** What the customer reads for a quote without a premium. */
const QUOTE_STATUS_TEXT: Record<ClientQuote['status'], string> = {
  pending: 'Waiting for the carrier',
  quoted: 'Quoted',
  declined: 'Declined',
  error: 'Not available',
  timeout: 'No answer',
};

/** Props: the application and how to open the contact dialog (absent: read-only, the quote view of a quote link). */
export interface ClientApplicationCardProps {
  application: ClientApplication;
  onContact?: (request: ContactRequest) => void;
}

/** Card of one application with the agent's contact and its quotes. */
export function ClientApplicationCard({ application, onContact }: ClientApplicationCardProps) {
  const agentName = application.agent?.name ?? 'Your agent';
  const headingId = `client-application-${application.id}`;
  // Quoted premiums first, cheapest first; the others after, as the carriers answered.
  const quotes = [...application.quotes].sort(
    (a, b) => (a.premium ?? Number.POSITIVE_INFINITY) - (b.premium ?? Number.POSITIVE_INFINITY),
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4" id={headingId}>
              {application.searched_address || application.application_id}
            </Title>
            <Text size="sm" c="dimmed">
              {application.application_id} · {application.carrier_quote_type.join(', ')} flood
            </Text>
          </div>
          <Badge color={STATUS_COLORS[application.status]} variant="light">
            {STATUS_TEXT[application.status]}
          </Badge>
        </Group>

        <Card withBorder radius="md" padding="md" bg="var(--mantine-color-default-hover)">
          <Group justify="space-between" align="center" wrap="wrap">
            <Stack gap={2}>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                Your agent
              </Text>
              <Text fw={600}>{agentName}</Text>
              {application.agent && (
                <Group gap="md" wrap="wrap">
                  <Anchor href={`mailto:${application.agent.email}`} size="sm">
                    <Group gap={4} wrap="nowrap">
                      <IconMail size={14} aria-hidden />
                      {application.agent.email}
                    </Group>
                  </Anchor>
                  {application.agent.phone && (
                    <Anchor href={`tel:${application.agent.phone.replace(/[^\d+]/g, '')}`} size="sm">
                      <Group gap={4} wrap="nowrap">
                        <IconPhone size={14} aria-hidden />
                        {application.agent.phone}
                      </Group>
                    </Anchor>
                  )}
                </Group>
              )}
            </Stack>
            {onContact && (
              <Button
                variant="light"
                onClick={() => onContact({ applicationId: application.id, quote: null, agentName })}
              >
                Contact my agent
              </Button>
            )}
          </Group>
        </Card>

        <Title order={3} size="h5">
          Quotes
        </Title>
        {quotes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No quotes yet: {agentName} will request them from the carriers.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" aria-label={`Quotes for ${application.application_id}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Carrier</Table.Th>
                  <Table.Th>Annual premium</Table.Th>
                  <Table.Th>Included</Table.Th>
                  {onContact && (
                    <Table.Th>
                      <VisuallyHidden>Action</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {quotes.map((quote) => {
                  const offered = quote.status === 'quoted' && quote.premium !== null;
                  return (
                    <Table.Tr key={quote.id}>
                      <Table.Td fw={600}>{quote.display_name}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {offered
                            ? DOLLARS.format(quote.premium as number)
                            : QUOTE_STATUS_TEXT[quote.status]}
                          {quote.expired && <ExpiredBadge expiresAt={quote.expires_at} size="sm" />}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {quote.benefits.join('; ') || '—'}
                        </Text>
                      </Table.Td>
                      {onContact && (
                        <Table.Td ta="right">
                          {offered && !quote.expired && (
                            <Button
                              size="xs"
                              onClick={() =>
                                onContact({
                                  applicationId: application.id,
                                  quote: {
                                    id: quote.id,
                                    display_name: quote.display_name,
                                    premium: DOLLARS.format(quote.premium as number),
                                  },
                                  agentName,
                                })
                              }
                            >
                              I want this quote
                              <VisuallyHidden> ({quote.display_name})</VisuallyHidden>
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ClientRequests requests={application.requests ?? []} agentName={agentName} />
      </Stack>
    </Card>
  );
}
