/**
 * The footer of a paged list: how many rows in all ("1 event", "12 events") and, past one page,
 * the page picker. Nothing when the list is empty. Shared by the audit trail and the outbox.
 */
import { Group, Pagination, Text } from '@mantine/core';

export interface CountedPagesProps {
  /** Rows in all, over every page. */
  total: number;
  /** Rows one page shows. */
  perPage: number;
  page: number;
  onPage: (page: number) => void;
  /** The row's noun, singular and plural: ['event', 'events']. */
  noun: [string, string];
  /** The page picker's accessible name, e.g. "Outbox pages". */
  label: string;
}

export function CountedPages({ total, perPage, page, onPage, noun, label }: CountedPagesProps) {
  if (total <= 0) return null;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {total === 1 ? `1 ${noun[0]}` : `${total} ${noun[1]}`}
      </Text>
      {lastPage > 1 && <Pagination total={lastPage} value={page} onChange={onPage} aria-label={label} />}
    </Group>
  );
}
