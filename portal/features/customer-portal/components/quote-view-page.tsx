/**
 * /quote-view?token=...: the page a client without a customer account opens from a
 * `{{quote_link}}` in an e-mail or text (docs/decisions/440): their application's quotes and their
 * agent's contact, read-only, without signing in; a missing, altered or expired link says so.
 */
// A page outside the shell: the card's stylesheets arrive with this chunk (ADR 421).
import '../../../styles/all-styles.ts';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { AuthCard } from '../../../components/auth-form-card.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useQuoteView } from '../api/get-quote-view.ts';
import { ClientApplicationCard } from './client-application-card.tsx';

/** The server's words for a link that does not open (404), also shown for a malformed one. */
export const INVALID_QUOTE_LINK_MESSAGE = 'This quote link is invalid or has expired.';

/** Props: the link's token (absent shows the invalid-link message). */
export interface QuoteViewPageProps {
  token: string | undefined;
}

function InvalidQuoteLink() {
  return (
    <AuthCard>
      <Stack gap="md">
        <Title order={1} size="h3">
          Your quotes
        </Title>
        <FormAlert message={INVALID_QUOTE_LINK_MESSAGE} withIcon />
        <Text size="sm">Ask your agent for a new link.</Text>
      </Stack>
    </AuthCard>
  );
}

function QuoteView({ token }: { token: string }) {
  const query = useQuoteView(token);
  if (query.isPending)
    return (
      <Skeleton
        height={240}
        radius="md"
        w="100%"
        maw={760}
        role="status"
        aria-busy="true"
        aria-label="Loading your quotes"
      />
    );
  if (query.isError) {
    const code = query.error instanceof ApiRequestError ? query.error.envelope.code : 0;
    if (code === 400 || code === 404) return <InvalidQuoteLink />;
    return (
      <LoadError title="Could not load your quotes" error={query.error} onRetry={() => query.refetch()} />
    );
  }
  return (
    <Stack gap="md" w="100%" maw={760}>
      <div>
        <Title order={1} size="h2">
          Your quotes
        </Title>
        <Text c="dimmed" size="sm">
          Your insurance application and the quotes your agent found for you.
        </Text>
      </div>
      <ClientApplicationCard application={query.data} />
    </Stack>
  );
}

/** The read-only quote view of a quote link. */
export function QuoteViewPage({ token }: QuoteViewPageProps) {
  return token ? <QuoteView token={token} /> : <InvalidQuoteLink />;
}
