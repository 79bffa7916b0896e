/** The quotes view of the details page: quotes side by side, cheapest first, and the notes. SPEC §2. */
import { Alert, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatCurrency } from '../../../../engine/format-currency.ts';
import type { Application, Quote } from '../api/application-types.ts';
import { NotesList } from './notes-list.tsx';
import { QuoteCard } from './quote-card.tsx';

/** Quotes with a premium first, cheapest first; the rest after, pending before the others. */
export function sortQuotes(quotes: Quote[]): Quote[] {
  const rank = (q: Quote) => (q.premium !== null ? 0 : q.status === 'pending' ? 1 : 2);
  return [...quotes].sort((a, b) => rank(a) - rank(b) || (a.premium ?? 0) - (b.premium ?? 0) || a.id - b.id);
}

/** Props: the application and a reload (after a note toggle). */
export interface QuotesViewProps {
  application: Application;
  onChanged: () => void;
}

/** Quotes grid with a summary line; polling is driven by the application query. */
export function QuotesView({ application, onChanged }: QuotesViewProps) {
  const quotes = sortQuotes(application.quotes ?? []);
  const priced = quotes.filter((q) => q.premium !== null);
  const cheapestId = priced[0]?.id ?? null;
  const pending = quotes.filter((q) => q.status === 'pending').length;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between">
          <Text fw={600}>
            {priced.length} of {quotes.length} carriers quoted
            {application.min_quote_amount !== null &&
              ` · lowest ${formatCurrency(application.min_quote_amount)}`}
          </Text>
          {application.status === 'launched' && (
            <Group gap={6} role="status" aria-live="polite">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                {pending > 0 ? `Waiting for ${pending} carrier${pending === 1 ? '' : 's'}…` : 'Updating…'}
              </Text>
            </Group>
          )}
        </Group>
      </Card>
      {quotes.length === 0 ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {application.status === 'launched'
            ? 'The application was launched; quotes appear here as carriers answer.'
            : 'No carrier quoted this application.'}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {quotes.map((quote) => (
            <QuoteCard key={quote.id} quote={quote} cheapest={quote.id === cheapestId} />
          ))}
        </SimpleGrid>
      )}
      <NotesList notes={application.notes ?? []} applicationId={application.id} onChanged={onChanged} />
    </Stack>
  );
}
