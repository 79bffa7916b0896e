/**
 * /dashboard for a customer (issue 16 customer portal): the applications whose client they are,
 * each with its quotes read-only and the agent to contact; loading, error and empty states.
 */
import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { useMyApplications } from '../api/get-my-applications.ts';
import { ClientApplicationCard } from './client-application-card.tsx';
import { ContactAgentDialog, type ContactRequest } from './contact-agent-dialog.tsx';

/** The customer's dashboard. */
export function CustomerDashboardPage() {
  const { user } = useAuth();
  const query = useMyApplications();
  const [request, setRequest] = useState<ContactRequest | null>(null);
  const firstName = (user?.name ?? '').split(' ')[0];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {firstName ? `Welcome, ${firstName}` : 'Your applications'}
        </Title>
        <Text c="dimmed" size="sm">
          Your insurance applications and the quotes your agent found for you.
        </Text>
      </div>

      {query.isPending && (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading your applications">
          <Skeleton height={180} radius="md" />
          <Skeleton height={180} radius="md" />
        </Stack>
      )}
      {query.isError && (
        <LoadError
          title="Could not load your applications"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      )}
      {query.isSuccess && query.data.length === 0 && (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4">
            No applications yet
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            When your agent starts an application for you, it appears here with its quotes.
          </Text>
        </Card>
      )}
      {query.data?.map((application) => (
        <ClientApplicationCard key={application.id} application={application} onContact={setRequest} />
      ))}
      <ContactAgentDialog request={request} onClose={() => setRequest(null)} />
    </Stack>
  );
}
